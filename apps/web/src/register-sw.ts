// Registers the service worker (src/sw/sw.ts, built as /sw.js) once the page has loaded, so it
// never competes with the first load; not in development, where Vite serves unbundled modules.
export function registerServiceWorker(): void {
  if (import.meta.env.DEV || !('serviceWorker' in navigator)) return;
  const register = (): void => void navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => undefined);
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
