// The solution panel in a chunk of its own, for pages that show it only at a game's end (the table page's first
// JavaScript stays within its budget).
import { lazy, Suspense } from 'react';

const Panel = lazy(() => import('./SolutionPanel').then((module) => ({ default: module.SolutionPanel })));

/** SolutionPanel, loaded when first shown. */
export function LazySolutionPanel({ after = false }: { after?: boolean }) {
  return (
    <Suspense fallback={null}>
      <Panel after={after} />
    </Suspense>
  );
}
