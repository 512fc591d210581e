// Forcing a full garbage collection in a process under load through its inspector, so memory per
// table is measured on live objects rather than on whatever garbage the last GC left behind.
import WebSocket from 'ws';

/** The JS heap of a process after a full collection, in kilobytes. */
export interface HeapUsage {
  readonly usedKb: number;
  readonly totalKb: number;
}

const CALL_TIMEOUT_MS = 30_000;

/** Finds the inspector's WebSocket address in what node printed (`Debugger listening on ws://...`). */
export function inspectorUrl(output: string): string | undefined {
  return /Debugger listening on (ws:\/\/\S+)/.exec(output)?.[1];
}

/** Runs a full garbage collection in the inspected process and reports its heap. */
export async function collectGarbage(url: string): Promise<HeapUsage> {
  const ws = new WebSocket(url, { perMessageDeflate: false });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  let nextId = 1;
  const call = (method: string): Promise<unknown> =>
    new Promise((resolve, reject) => {
      const id = nextId++;
      const timer = setTimeout(() => reject(new Error(`inspector: no answer to ${method}`)), CALL_TIMEOUT_MS);
      const onMessage = (data: WebSocket.RawData): void => {
        const message = JSON.parse((data as Buffer).toString());
        if (message.id !== id) return;
        clearTimeout(timer);
        ws.off('message', onMessage);
        if (message.error) reject(new Error(`inspector: ${method}: ${message.error.message}`));
        else resolve(message.result);
      };
      ws.on('message', onMessage);
      ws.send(JSON.stringify({ id, method }));
    });
  try {
    // Two passes: the first may leave objects whose finalizers free more.
    await call('HeapProfiler.collectGarbage');
    await call('HeapProfiler.collectGarbage');
    const usage = (await call('Runtime.getHeapUsage')) as { usedSize: number; totalSize: number };
    return { usedKb: usage.usedSize / 1024, totalKb: usage.totalSize / 1024 };
  } finally {
    ws.close();
  }
}
