// The worker thread's entry: plain JavaScript, so it starts the same under tsx, vitest and node; it lets tsx load
// the TypeScript engine, then answers each task with think().
import { register } from 'tsx/esm/api';

register();
const { think } = await import('./think.ts');

/** Piscina calls the default export once per task. */
export default function run(task) {
  return think(task);
}
