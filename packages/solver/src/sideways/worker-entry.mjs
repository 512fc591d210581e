// Threads of the solve with sideways moves start here: register tsx in the thread, then load the
// TypeScript worker (Node 20 does not pass --import loaders on to worker threads).
import { register } from 'tsx/esm/api';

register();
await import('./worker.ts');
