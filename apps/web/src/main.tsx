// Entry: load the strings and the page this path needs side by side, then render once, complete.
import './app/app.css';

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

import { App } from './app/App';
import { preloadFor } from './app/routes';
import { startI18n } from './i18n/i18n';
import { startTheme } from './lib/theme';
import { registerServiceWorker } from './register-sw';

startTheme(); // before anything draws: a dark page never flashes light

const root = createRoot(document.getElementById('root')!);
const render = (): void =>
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
// A failed preload (say, a dropped chunk request) still renders: the routes then load lazily.
void Promise.all([startI18n(), preloadFor(location.pathname)]).then(render, render);
registerServiceWorker(); // installable and offline (src/sw/sw.ts)
