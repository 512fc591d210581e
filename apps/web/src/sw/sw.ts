// The service worker (Workbox, built by vite-plugin-pwa's injectManifest): the app shell, every
// page's chunk, the strings and the engine's worker precached, so the home, variant, analysis and
// offline game pages work with no network after the first load. Hashed assets are cached for
// good. Of the API only the puzzles' offline pack is cached (the puzzle page's offline play); the
// rest of the API and the WebSocket are never routed here, so never cached.
//
// Updates: a new version installs beside the old one and waits (no skipWaiting), so an open game
// keeps the files it was loaded with. Navigations go to the network first, so the next load
// already gets the new index.html and its new hashed files; offline, the precached shell answers.
//
// More handlers go in modules of their own beside this one, imported below: Web Push (`push`,
// `notificationclick`: the notification of a seat's move, an offer or the end, and its click).
import './push';

import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';

import { sw } from './scope';

// Written out as `self.__WB_MANIFEST`: the build replaces exactly that with the precache list.
precacheAndRoute((self as unknown as { __WB_MANIFEST: (string | PrecacheEntry)[] }).__WB_MANIFEST);
cleanupOutdatedCaches();

/** How long a navigation waits for the server before the precached shell answers. */
const NAVIGATION_TIMEOUT_MS = 4000;

/** A page load: the server's index.html (fresh after a deploy), or the precached one with no server. */
async function page({ request }: { request: Request }): Promise<Response> {
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), NAVIGATION_TIMEOUT_MS);
  try {
    const response = await fetch(request, { signal: abort.signal });
    if (response.status < 500) return response;
    throw new Error(`HTTP ${response.status}`);
  } catch {
    return (await matchPrecache('/index.html')) ?? Response.error();
  } finally {
    clearTimeout(timer);
  }
}
registerRoute(new NavigationRoute(page, { denylist: [/^\/api(\/|$)/] }));

// Hashed files of another version than the precached one (a page loaded fresh while this worker
// still controls it): content-addressed, so cached for good once fetched.
registerRoute(
  ({ url, request }) =>
    url.origin === sw.location.origin && url.pathname.startsWith('/assets/') && request.method === 'GET',
  new CacheFirst({
    cacheName: 'fg-assets',
    plugins: [new ExpirationPlugin({ maxEntries: 300, purgeOnQuotaError: true })],
  }),
);

/** The one cache key of the puzzle pack, whatever the rating and browser asked: the newest pack answers offline. */
const PUZZLE_PACK = '/api/puzzles/pack';

// The puzzles' offline pack (GET /api/puzzles/pack, docs/puzzles.md): from the network while there is one, each
// answer kept; offline, the last one kept answers and the puzzle page plays its puzzles not yet played.
registerRoute(
  ({ url, request }) => url.origin === sw.location.origin && url.pathname === PUZZLE_PACK && request.method === 'GET',
  new NetworkFirst({
    cacheName: 'fg-puzzle-pack',
    networkTimeoutSeconds: 4,
    plugins: [{ cacheKeyWillBeUsed: async () => PUZZLE_PACK }],
  }),
);

// The first install takes the open page at once (there is no older worker whose page it could strand).
sw.addEventListener('activate', (event) => event.waitUntil(sw.clients.claim()));
