// Entry: load the strings and the page this path needs side by side, then render once, complete.
import './app/app.css';

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

import { App } from './app/App';
import { preloadFor } from './app/routes';
import { startI18n } from './i18n/i18n';
import { tableSocketUrl } from './lib/connection';
import { openEarly } from './lib/early-socket';
import { loadSeat } from './lib/seat-store';
import { startTheme } from './lib/theme';
import { registerServiceWorker } from './register-sw';

startTheme(); // before anything draws: a dark page never flashes light

// A table link: its socket opens now, while the page's chunks load; the page takes it over (lib/early-socket.ts).
const tableId = /^\/t\/([A-Za-z0-9_-]{10,64})$/.exec(location.pathname)?.[1];
if (tableId) {
  const token = loadSeat(tableId)?.token;
  openEarly(tableSocketUrl(location, tableId), token ? { type: 'hello', token } : { type: 'hello' });
}

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
