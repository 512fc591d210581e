// The page's side of the worker protocol, over a stand-in worker: requests carry rising ids, an older
// request's answers (already in flight) are dropped, a stop and a terminate end what was asked.
import { describe, expect, it } from 'vitest';

import { EngineWorker, type WorkerFactory } from './engine-worker';
import type { EngineAnswer, EngineRequest } from './protocol';

/** A stand-in worker: what was posted to it, and a way to answer as the worker would. */
function fakeWorker() {
  const posted: EngineRequest[] = [];
  let listener: ((event: MessageEvent<EngineAnswer>) => void) | null = null;
  let terminated = false;
  const factory: WorkerFactory = () =>
    ({
      postMessage: (request: EngineRequest) => posted.push(request),
      terminate: () => {
        terminated = true;
      },
      addEventListener: (_type: string, l: (event: MessageEvent<EngineAnswer>) => void) => {
        listener = l;
      },
    }) as unknown as ReturnType<WorkerFactory>;
  const answer = (a: EngineAnswer): void => listener?.({ data: a } as MessageEvent<EngineAnswer>);
  return { factory, posted, answer, terminated: () => terminated };
}

const record = { variant: 'standard', moves: [] };
const line = (id: number, depth: number): EngineAnswer => ({
  type: 'line',
  id,
  depth,
  line: ['d4-d5'],
  foxScore: 0.5,
  winner: null,
  winsIn: null,
});

describe('the engine worker client', () => {
  it('starts the worker on first use and hears the current request only', () => {
    const fake = fakeWorker();
    const engine = new EngineWorker(fake.factory);
    const first: number[] = [];
    const second: number[] = [];
    engine.analyse(record, { onLine: (a) => first.push(a.depth) });
    engine.analyse(record, { onLine: (a) => second.push(a.depth) });
    expect(fake.posted.map((r) => r.type === 'analyse' && r.id)).toEqual([1, 2]);
    fake.answer(line(1, 5)); // the old search's last slice, already posted
    fake.answer(line(2, 1));
    expect([first, second]).toEqual([[], [1]]);
  });

  it('resolves a chosen move; a stop drops what comes after it', async () => {
    const fake = fakeWorker();
    const engine = new EngineWorker(fake.factory);
    const move = engine.choose(record, 3);
    fake.answer({ type: 'chosen', id: 1, move: 'd4-d5' });
    await expect(move).resolves.toBe('d4-d5');
    const heard: number[] = [];
    engine.analyse(record, { onLine: (a) => heard.push(a.depth) });
    engine.stop();
    fake.answer(line(2, 1));
    expect(heard).toEqual([]);
    expect(fake.posted.at(-1)).toEqual({ type: 'stop' });
  });

  it('rejects a choice the worker refuses, and terminates its worker', async () => {
    const fake = fakeWorker();
    const engine = new EngineWorker(fake.factory);
    const move = engine.choose(record, 3);
    fake.answer({ type: 'error', id: 1, message: 'the game is over' });
    await expect(move).rejects.toThrow('the game is over');
    engine.terminate();
    expect(fake.terminated()).toBe(true);
  });
});
