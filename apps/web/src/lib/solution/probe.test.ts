// The page's side of the solution worker over an in-process stand-in of the worker running the real host: each
// question gets its own answer, in any order; reload makes the host read the table again; terminate answers
// what is still waiting.
import { countGeese, type Position } from '@fg/rules';
import { describe, expect, it } from 'vitest';

import { Probe, type ProbeWorkerFactory } from './probe';
import { probeHost, type ProbeTable } from './probe-host';
import type { ProbeAnswer, ProbeRequest } from './probe-protocol';

/** A stand-in table: the fox wins with the fox to move, the geese with the geese; at most `max` geese. */
const table = (max: number): ProbeTable => {
  const geese = (p: Position): number => countGeese(p);
  return {
    covers: (p) => geese(p) <= max,
    verdict: (p) => ({ winner: p.turn, keep: [`keep-${geese(p)}`] }),
  };
};

/** A worker stand-in: messages go to the host on a later turn, answers back on another. */
function inProcess(load: () => Promise<ProbeTable | null>): { factory: ProbeWorkerFactory; loads: () => number } {
  let loads = 0;
  const factory: ProbeWorkerFactory = () => {
    const listeners: ((event: MessageEvent<ProbeAnswer>) => void)[] = [];
    const host = probeHost(
      () => {
        loads++;
        return load();
      },
      (answer) => setTimeout(() => listeners.forEach((l) => l({ data: answer } as MessageEvent<ProbeAnswer>))),
    );
    return {
      postMessage: (request: ProbeRequest) => void setTimeout(() => void host(request)),
      addEventListener: (_type: string, listener: (event: MessageEvent<ProbeAnswer>) => void) =>
        listeners.push(listener),
      terminate: () => undefined,
    } as unknown as ReturnType<ProbeWorkerFactory>;
  };
  return { factory, loads: () => loads };
}

const FOX_6 = 'fox:d4 geese:c1,e1,a3,g3,a5,g5 turn:fox';
const GEESE_6 = 'fox:d4 geese:c1,e1,a3,g3,a5,g5 turn:geese';
const START = 'fox:d4 geese:c1,d1,e1,c2,d2,e2,a3,b3,c3,d3,e3,f3,g3 turn:fox';

describe('Probe', () => {
  it('answers each question by its id, null where the table does not reach or the text is bad', async () => {
    const worker = inProcess(async () => table(6));
    const probe = new Probe(worker.factory);
    const answers = await Promise.all([
      probe.verdict(13, FOX_6),
      probe.verdict(13, GEESE_6),
      probe.verdict(13, START),
      probe.verdict(13, 'fox:z9'),
      probe.verdicts(13, [FOX_6, GEESE_6, START, 'fox:z9']),
    ]);
    expect(answers).toEqual([
      { winner: 'fox', keep: ['keep-6'] },
      { winner: 'geese', keep: ['keep-6'] },
      null,
      null,
      [{ winner: 'fox', keep: ['keep-6'] }, { winner: 'geese', keep: ['keep-6'] }, null, null],
    ]);
    expect(worker.loads()).toBe(1); // the table is read once
  });

  it('answers null with no table stored, and reads it again after reload', async () => {
    let stored: ProbeTable | null = null;
    const worker = inProcess(async () => stored);
    const probe = new Probe(worker.factory);
    expect(await probe.verdict(13, FOX_6)).toBeNull();
    stored = table(13);
    expect(await probe.verdict(13, FOX_6)).toBeNull(); // not read again until told
    probe.reload();
    expect(await probe.verdict(13, START)).toEqual({ winner: 'fox', keep: ['keep-13'] });
    expect(worker.loads()).toBe(2);
  });

  it('answers an error and tries again when the table does not open', async () => {
    let fail = true;
    const worker = inProcess(async () => {
      if (fail) throw new Error('damaged');
      return table(13);
    });
    const probe = new Probe(worker.factory);
    expect(await probe.verdict(13, FOX_6)).toBeNull();
    fail = false;
    expect(await probe.verdict(13, FOX_6)).toEqual({ winner: 'fox', keep: ['keep-6'] });
  });

  it('answers what is waiting when terminated', async () => {
    const probe = new Probe(inProcess(() => new Promise<ProbeTable>(() => undefined)).factory);
    const waiting = probe.verdict(13, FOX_6);
    probe.terminate();
    expect(await waiting).toBeNull();
  });
});
