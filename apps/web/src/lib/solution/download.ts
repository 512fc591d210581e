// Downloading the compact table into this browser: read as it arrives (the progress bar), every tier's checksum
// checked, then stored (store.ts) and put in use. Loaded only when someone presses Download: the reader of the
// file's header and checksums is not in the page's first JavaScript.
import { readCompactHeader, verifyCompact } from '@fg/solver/compact';

import type { StoredTable } from './store';
import { keepSolution } from './stored';

/** The compact table a browser may keep (GET /api/solution/status `download`). */
export interface SolutionOffer {
  readonly geese: number; // 13
  readonly bytes: number;
  readonly url: string; // '/api/solution/standard/table?geese=13'
}

/** Why a download did not end in a stored table, said in words by the page (solution.error.*). */
export type DownloadProblem = 'network' | 'damaged' | 'space' | 'refused' | 'stopped';

/** A download that did not end in a stored table. */
class DownloadError extends Error {
  constructor(
    readonly problem: DownloadProblem,
    message: string,
  ) {
    super(message);
  }
}

const NAME = 'the downloaded solution table';

/** Downloads, checks and stores the offered table; `onProgress` hears the bytes received so far. */
export async function downloadSolution(
  offer: SolutionOffer,
  onProgress: (received: number, total: number) => void,
  signal?: AbortSignal,
): Promise<StoredTable> {
  let response: Response;
  try {
    response = await fetch(offer.url, { cache: 'no-store', ...(signal ? { signal } : {}) });
  } catch (error) {
    throw signal?.aborted ? new DownloadError('stopped', 'stopped') : new DownloadError('network', String(error));
  }
  if (!response.ok || !response.body) throw new DownloadError('refused', `HTTP ${response.status}`);
  const total = Number(response.headers.get('content-length')) || offer.bytes;
  const bytes = new Uint8Array(total);
  let received = 0;
  const reader = response.body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (received + value.length > total) throw new DownloadError('damaged', 'more bytes than announced');
      bytes.set(value, received);
      received += value.length;
      onProgress(received, total);
    }
  } catch (error) {
    if (error instanceof DownloadError) throw error;
    throw signal?.aborted ? new DownloadError('stopped', 'stopped') : new DownloadError('network', String(error));
  }
  if (received !== total) throw new DownloadError('network', `${received} of ${total} bytes arrived`);
  let table: StoredTable;
  try {
    const wrong = verifyCompact(bytes, NAME);
    if (wrong) throw new Error(wrong);
    const header = readCompactHeader(bytes, NAME);
    table = {
      geese: header.options.geese,
      maxGeese: header.maxGeese,
      bytes: total,
      storedAt: new Date().toISOString(),
    };
  } catch (error) {
    throw new DownloadError('damaged', error instanceof Error ? error.message : String(error));
  }
  try {
    await keepSolution(table, bytes);
  } catch (error) {
    throw new DownloadError('space', String(error)); // QuotaExceededError, or no IndexedDB (private browsing)
  }
  // Kept even when the browser is short of room (as an installed app's data), where the browser allows it.
  void navigator.storage?.persist?.().catch(() => false);
  return table;
}
