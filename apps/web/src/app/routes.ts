// The lazily loaded pages and which one a path needs.
import { lazyPage } from './lazy-page';

/** `/`. */
export const homePage = lazyPage(() => import('../features/home/HomePage'));
/** `/variants/:id`. */
export const variantPage = lazyPage(() => import('../features/variant/VariantPage'));
/** `/t/:id`. */
export const tablePage = lazyPage(() => import('../features/table/TablePage'));

/** `/analysis/:variant`. */
export const analysisPage = lazyPage(() => import('../features/analysis/AnalysisPage'));

/** `/explorer/:variant`. */
export const explorerPage = lazyPage(() => import('../features/explorer/ExplorerPage'));

/** `/play/offline`: a computer game in the browser, with no server. */
export const offlinePage = lazyPage(() => import('../features/offline/OfflineGamePage'));

/** `/puzzles`: puzzles from the solution, rated with Glicko-2 in the browser. */
export const puzzlesPage = lazyPage(() => import('../features/puzzles/PuzzlesPage'));
/** `/devices#games=…`: the seats another device sent, taken after a confirmation. */
export const devicesPage = lazyPage(() => import('../features/devices/DevicesPage'));

/** Loads the page chunk a path needs (none for a path that is not found); resolves when it is in. */
export function preloadFor(pathname: string): Promise<void> {
  if (pathname.startsWith('/t/')) return tablePage.preload();
  if (pathname.startsWith('/variants/')) return variantPage.preload();
  if (pathname.startsWith('/analysis/')) return analysisPage.preload();
  if (pathname.startsWith('/explorer/')) return explorerPage.preload();
  if (pathname === '/play/offline') return offlinePage.preload();
  if (pathname === '/puzzles') return puzzlesPage.preload();
  if (pathname === '/devices') return devicesPage.preload();
  if (pathname === '/') return homePage.preload();
  return Promise.resolve();
}
