// Registers the service worker (src/sw/sw.ts, built as /sw.js) once the page has loaded and is idle,
// so its precaching never competes with the first load or the table's first socket messages; not in
// development, where Vite serves unbundled modules.
export function registerServiceWorker(): void {
  if (import.meta.env.DEV || !('serviceWorker' in navigator)) return;
  const register = (): void => void navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => undefined);
  const whenIdle = (): void => {
    if ('requestIdleCallback' in window) requestIdleCallback(register, { timeout: 3000 });
    else setTimeout(register, 1000);
  };
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}
