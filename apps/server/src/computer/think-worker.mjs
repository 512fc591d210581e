// The worker thread's entry when the server runs from its TypeScript (tsx, vitest): plain JavaScript, since Node 20
// does not pass `--import` loaders on to workers; it lets tsx load think-thread.ts. The built server
// (scripts/build.mjs) bundles think-thread.ts under this same name instead.
import { register } from 'tsx/esm/api';

register();
const thread = await import('./think-thread.ts');

/** Piscina calls the default export once per task. */
export default thread.default;
