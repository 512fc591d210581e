// A move's text in a narrow column: a long capture chain may break only after one of its hops ("e5xc3x" / "c5xe5"),
// never inside a point or a step ("d4-/d5" was a bug), so it never spills into the next column.
import { Fragment } from 'react';

/** The move's text as code, each hop unbreakable, with a break opportunity after each "x". */
export function MoveText({ move }: { move: string }) {
  const hops = move.split('x');
  return (
    <code className="move-text">
      {hops.map((hop, i) => (
        <Fragment key={i}>
          {i > 0 && <wbr />}
          <span className="move-text__hop">{i < hops.length - 1 ? `${hop}x` : hop}</span>
        </Fragment>
      ))}
    </code>
  );
}
