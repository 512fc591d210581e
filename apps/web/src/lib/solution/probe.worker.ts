// The solution's Web Worker: it reads the table stored in this browser (IndexedDB) once, keeps it in memory and
// answers verdicts from it, off the page's thread. The logic lives in probe-host.ts.
import { compactSolution } from '@fg/solver/compact';

import { probeHost } from './probe-host';
import type { ProbeAnswer, ProbeRequest } from './probe-protocol';
import { storedBytes } from './store';

const scope = self as unknown as {
  postMessage(answer: ProbeAnswer): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<ProbeRequest>) => void): void;
};
const receive = probeHost(
  async () => {
    const bytes = await storedBytes();
    return bytes ? compactSolution(bytes, 'the solution stored in this browser') : null;
  },
  (answer) => scope.postMessage(answer),
);
scope.addEventListener('message', (event) => void receive(event.data));
