// What the server put in a table page's HTML (apps/server/src/routes/page-data.ts): the table view and the variant
// list, so a cold link draws its board without waiting for the API. Read once; absent on pages served otherwise
// (the service worker's cached shell, the dev server), where the page asks the API as before.
import type { TableView } from '@fg/protocol';

/** The data block's contents. */
interface PageData {
  readonly table: TableView | null;
  readonly variants: readonly { id: string; solved?: Record<string, unknown>[] }[];
}

let read = false;
let data: PageData | null = null;

/** The page's data, read from its block once. */
function pageData(): PageData | null {
  if (read) return data;
  read = true;
  const text = typeof document === 'undefined' ? null : document.getElementById('fg-page-data')?.textContent;
  try {
    data = text ? (JSON.parse(text) as PageData) : null;
  } catch {
    data = null; // a damaged block: the API answers instead
  }
  return data;
}

/**
 * The table the HTML carried for `id`: its view, `null` when the server said there is no such table, or undefined
 * when the page carried nothing for it (then the API is asked). Only the table of the URL the page was served for.
 */
export function pageTable(id: string): TableView | null | undefined {
  const found = pageData();
  if (!found || location.pathname !== `/t/${id}`) return undefined;
  if (found.table === null) return null;
  return found.table.id === id ? found.table : undefined;
}

/** The variant list the HTML carried, if any. */
export function pageVariants(): PageData['variants'] | null {
  return pageData()?.variants ?? null;
}
