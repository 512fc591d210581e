// Entry: start i18n (its strings load lazily), then render the app.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { startI18n } from './i18n/i18n';
import './app/app.css';

void startI18n();
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
