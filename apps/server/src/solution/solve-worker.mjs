// The build thread's entry when the server runs from its TypeScript (tsx, vitest), like computer/think-worker.mjs:
// plain JavaScript that lets tsx load solve-thread.ts. The built server bundles solve-thread.ts under this name.
import { register } from 'tsx/esm/api';

register();
await import('./solve-thread.ts');
