// The pieces and the board's paint, drawn in SVG: a fox that reads as a fox (ears, white cheeks, nose),
// geese with depth (shadow, shading), a board of light wood. One unit is the distance between two points.
// Every colour comes from BOARD_PALETTE, the palette the icons and link previews draw with too.
import { BOARD_PALETTE as P } from '@fg/protocol/board-svg';

/** The wood's shades, light at the top left to dark at the bottom right. */
function WoodStops() {
  return (
    <>
      <stop offset="0" stopColor={P.woodLight} />
      <stop offset="0.5" stopColor={P.wood} />
      <stop offset="1" stopColor={P.woodDark} />
    </>
  );
}

/** A rectangle in the picture's units. */
interface Rect {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/**
 * Gradients and the shadow the pieces and board use; drawn once per board (ids are per board). `wood`, the wood's
 * rectangle, adds `<id>-halo`: the wood's gradient laid over the whole board in its units, so a coordinate's halo
 * painted with it is the very shade of the wood around it (the wood's own gradient spans each painted shape).
 */
export function BoardPaint({ id, wood }: { id: string; wood?: Rect }) {
  return (
    <defs>
      <linearGradient id={`${id}-wood`} x1="0" y1="0" x2="1" y2="1">
        <WoodStops />
      </linearGradient>
      {wood && (
        <linearGradient
          id={`${id}-halo`}
          gradientUnits="userSpaceOnUse"
          x1="0"
          y1="0"
          x2="1"
          y2="1"
          gradientTransform={`matrix(${wood.width} 0 0 ${wood.height} ${wood.x} ${wood.y})`}
        >
          <WoodStops />
        </linearGradient>
      )}
      <radialGradient id={`${id}-goose`} cx="0.38" cy="0.32" r="0.75">
        <stop offset="0" stopColor={P.gooseLight} />
        <stop offset="0.6" stopColor={P.goose} />
        <stop offset="1" stopColor={P.gooseShade} />
      </radialGradient>
      <radialGradient id={`${id}-fox`} cx="0.45" cy="0.3" r="0.8">
        <stop offset="0" stopColor={P.foxLight} />
        <stop offset="1" stopColor={P.foxShade} />
      </radialGradient>
    </defs>
  );
}

/** A goose seen from above: a shaded white disc on a soft shadow, with a small orange beak. */
export function GooseShape({ paint }: { paint: string }) {
  return (
    <g className="piece piece--goose">
      <ellipse className="piece__shadow" fill={P.shadow} cx="0.04" cy="0.07" rx="0.32" ry="0.3" />
      <circle className="piece__body" r="0.31" fill={`url(#${paint}-goose)`} stroke={P.gooseRim} />
      <circle className="piece__rim" r="0.22" stroke={P.gooseLight} />
    </g>
  );
}

/** A fox's head: pointed ears with dark tips, orange face, white cheeks, black nose and eyes. */
export function FoxShape({ paint }: { paint: string }) {
  return (
    <g className="piece piece--fox">
      <ellipse className="piece__shadow" fill={P.shadow} cx="0.04" cy="0.08" rx="0.34" ry="0.3" />
      <path
        className="fox__ear"
        fill={P.foxDark}
        stroke={P.foxDark}
        d="M-0.36,-0.42 L-0.08,-0.2 L-0.33,-0.02 Z M0.36,-0.42 L0.08,-0.2 L0.33,-0.02 Z"
      />
      <path
        className="fox__ear-inner"
        fill={P.foxInner}
        d="M-0.31,-0.33 L-0.14,-0.19 L-0.3,-0.09 Z M0.31,-0.33 L0.14,-0.19 L0.3,-0.09 Z"
      />
      <path
        className="fox__face"
        fill={`url(#${paint}-fox)`}
        stroke={P.foxLine}
        d="M-0.38,-0.06 Q-0.36,-0.26 -0.16,-0.25 L0.16,-0.25 Q0.36,-0.26 0.38,-0.06 L0.3,0.1 L0,0.4 L-0.3,0.1 Z"
      />
      <path
        className="fox__cheeks"
        fill={P.cheek}
        d="M-0.36,0 Q-0.16,0.02 -0.06,0.18 L0,0.4 L0.06,0.18 Q0.16,0.02 0.36,0 L0.3,0.1 L0,0.4 L-0.3,0.1 Z"
      />
      <ellipse className="fox__eye" fill={P.eye} cx="-0.13" cy="-0.06" rx="0.04" ry="0.05" />
      <ellipse className="fox__eye" fill={P.eye} cx="0.13" cy="-0.06" rx="0.04" ry="0.05" />
      <circle className="fox__nose" fill={P.eye} cy="0.35" r="0.055" />
    </g>
  );
}
