// Forcing a full garbage collection in a process under load through its inspector, so memory per
// table is measured on live objects rather than on whatever garbage the last GC left behind.
import { createWriteStream } from 'node:fs';

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

/** One inspector session: calls by method, and the events it sends meanwhile. */
async function session<T>(
  url: string,
  use: (
    call: (method: string) => Promise<unknown>,
    on: (event: string, f: (params: never) => void) => void,
  ) => Promise<T>,
): Promise<T> {
  const ws = new WebSocket(url, { perMessageDeflate: false, maxPayload: 1 << 30 });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  let nextId = 1;
  const handlers = new Map<string, (params: never) => void>();
  ws.on('message', (data: WebSocket.RawData) => {
    const message = JSON.parse((data as Buffer).toString()) as { method?: string; params?: never };
    if (message.method) handlers.get(message.method)?.(message.params as never);
  });
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
    return await use(call, (event, f) => handlers.set(event, f));
  } finally {
    ws.close();
  }
}

/** Runs a full garbage collection in the inspected process and reports its heap. */
export function collectGarbage(url: string): Promise<HeapUsage> {
  return session(url, async (call) => {
    // Two passes: the first may leave objects whose finalizers free more.
    await call('HeapProfiler.collectGarbage');
    await call('HeapProfiler.collectGarbage');
    const usage = (await call('Runtime.getHeapUsage')) as { usedSize: number; totalSize: number };
    return { usedKb: usage.usedSize / 1024, totalKb: usage.totalSize / 1024 };
  });
}

/** Writes a heap snapshot of the inspected process to `file` (open it in Chrome's memory tab). */
export function writeHeapSnapshot(url: string, file: string): Promise<void> {
  return session(url, async (call, on) => {
    const out = createWriteStream(file);
    on('HeapProfiler.addHeapSnapshotChunk', (params: { chunk: string }) => out.write(params.chunk));
    await call('HeapProfiler.takeHeapSnapshot');
    await new Promise<void>((resolve, reject) =>
      out.end((error?: Error | null) => (error ? reject(error) : resolve())),
    );
  });
}
