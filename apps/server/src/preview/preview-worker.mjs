// The worker thread's entry when the server runs from its TypeScript (tsx, vitest), like computer/think-worker.mjs:
// plain JavaScript that lets tsx load preview-thread.ts. The built server bundles preview-thread.ts under this name.
import { register } from 'tsx/esm/api';

register();
const thread = await import('./preview-thread.ts');

/** Piscina calls the default export once per picture. */
export default thread.default;
