// The engine's Web Worker: the search runs here, never on the page's thread (and its code is not
// in the page's first JavaScript). The protocol lives in engine-host.ts.
import { engineHost } from './engine-host';
import type { EngineAnswer, EngineRequest } from './protocol';

const scope = self as unknown as {
  postMessage(answer: EngineAnswer): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<EngineRequest>) => void): void;
};
const receive = engineHost((answer) => scope.postMessage(answer));
scope.addEventListener('message', (event) => void receive(event.data));
