// The page's side of the solution worker (probe.worker.ts): started at the first question, once a table is stored;
// each question gets its own answer (several may be in flight: the analysis board and the review ask at once).
import type { ProbeAnswer, ProbeRequest, ProbeVerdict } from './probe-protocol';

/** How the worker is made: the real module worker, or a stand-in in tests. */
export type ProbeWorkerFactory = () => Pick<Worker, 'postMessage' | 'addEventListener' | 'terminate'>;

const moduleWorker: ProbeWorkerFactory = () =>
  new Worker(new URL('./probe.worker.ts', import.meta.url), { type: 'module', name: 'solution' });

/** Questions to one worker, each answered by id. */
export class Probe {
  #worker: ReturnType<ProbeWorkerFactory> | null = null;
  #id = 0;
  readonly #waiting = new Map<number, { resolve: (answer: ProbeAnswer) => void }>();

  constructor(private readonly factory: ProbeWorkerFactory = moduleWorker) {}

  /** The verdict of a position of the standard game with `geese` (null: not answered by the stored table). */
  async verdict(geese: number, position: string): Promise<ProbeVerdict | null> {
    const answer = await this.#ask({ type: 'verdict', id: ++this.#id, geese, position });
    return answer.type === 'verdict' ? answer.verdict : null;
  }

  /** The verdict of each position, in one message (null where the stored table does not answer). */
  async verdicts(geese: number, positions: readonly string[]): Promise<readonly (ProbeVerdict | null)[]> {
    const answer = await this.#ask({ type: 'verdicts', id: ++this.#id, geese, positions });
    return answer.type === 'verdicts' ? answer.verdicts : positions.map(() => null);
  }

  /** The stored table changed (stored or deleted): the worker reads it again at the next question. */
  reload(): void {
    this.#worker?.postMessage({ type: 'reload' } satisfies ProbeRequest);
  }

  /** Ends the worker (the next question starts another). */
  terminate(): void {
    this.#worker?.terminate();
    this.#worker = null;
    for (const [id, { resolve }] of this.#waiting) resolve({ type: 'error', id, message: 'stopped' });
    this.#waiting.clear();
  }

  #ask(request: Extract<ProbeRequest, { id: number }>): Promise<ProbeAnswer> {
    if (!this.#worker) {
      const worker = this.factory();
      worker.addEventListener('message', (event: MessageEvent<ProbeAnswer>) => {
        const waiting = this.#waiting.get(event.data.id);
        this.#waiting.delete(event.data.id);
        waiting?.resolve(event.data);
      });
      this.#worker = worker;
    }
    return new Promise((resolve) => {
      this.#waiting.set(request.id, { resolve });
      this.#worker!.postMessage(request);
    });
  }
}

/** The page's one probe. */
export const probe = new Probe();
