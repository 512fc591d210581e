// The board drawn once, as SVG from the rules' board data: its points and links on light wood, geese as shaded
// white discs, the fox as a head with ears (the web board's shapes). The app's icons (apps/web/build/app-icons.ts)
// and the server's link previews (apps/server/src/preview) render it to PNG with @resvg/resvg-js.
import type { Board } from '@fg/rules';

/** The one palette of drawn boards (the web's board, the icons, the previews): the wood, lines and pieces. */
export const BOARD_PALETTE = {
  frame: '#faf7f0',
  woodLight: '#f0d9ac',
  wood: '#e9cb96',
  woodDark: '#d9b27a',
  line: '#6e4a22',
  shadow: '#3b2508',
  gooseLight: '#ffffff',
  goose: '#fbf8f1',
  gooseShade: '#c9c6bb',
  gooseRim: '#57534a',
  fox: '#e0661e',
  foxLight: '#f08a3c',
  foxShade: '#c24f12',
  foxLine: '#5a2508',
  foxDark: '#3a1a08',
  foxInner: '#e8742a',
  cheek: '#fff8ef',
  eye: '#1b1006',
} as const;

/** The board as plain data (what a worker thread can be sent): its size, points and links. */
export type BoardDrawing = Pick<Board, 'files' | 'ranks' | 'points' | 'links'>;

/** A piece drawn on a point. */
export type DrawnPiece = 'fox' | 'goose';

/** How the picture is framed: its size in pixels, the free margin around the board and the background. */
export interface BoardFrame {
  readonly width: number;
  readonly height: number;
  readonly margin: number; // pixels free around the board's wood on the nearer sides
  readonly background: string;
  readonly radius?: number; // rounded corners of the background, in pixels
  readonly wood?: boolean; // a wooden panel under the board (default true)
}

const GOOSE = (id: string): string =>
  `<ellipse cx="0.04" cy="0.07" rx="0.32" ry="0.3" fill="${BOARD_PALETTE.shadow}" fill-opacity="0.28"/>` +
  `<circle r="0.31" fill="url(#${id}-goose)" stroke="${BOARD_PALETTE.gooseRim}" stroke-width="0.035"/>` +
  `<circle r="0.22" fill="none" stroke="${BOARD_PALETTE.gooseLight}" stroke-opacity="0.7" stroke-width="0.03"/>`;

const FOX = (id: string): string =>
  `<ellipse cx="0.04" cy="0.08" rx="0.34" ry="0.3" fill="${BOARD_PALETTE.shadow}" fill-opacity="0.28"/>` +
  `<path d="M-0.36,-0.42 L-0.08,-0.2 L-0.33,-0.02 Z M0.36,-0.42 L0.08,-0.2 L0.33,-0.02 Z" fill="${BOARD_PALETTE.foxDark}" stroke="${BOARD_PALETTE.foxDark}" stroke-width="0.03" stroke-linejoin="round"/>` +
  `<path d="M-0.31,-0.33 L-0.14,-0.19 L-0.3,-0.09 Z M0.31,-0.33 L0.14,-0.19 L0.3,-0.09 Z" fill="${BOARD_PALETTE.foxInner}"/>` +
  `<path d="M-0.38,-0.06 Q-0.36,-0.26 -0.16,-0.25 L0.16,-0.25 Q0.36,-0.26 0.38,-0.06 L0.3,0.1 L0,0.4 L-0.3,0.1 Z" fill="url(#${id}-fox)" stroke="${BOARD_PALETTE.foxLine}" stroke-width="0.03" stroke-linejoin="round"/>` +
  `<path d="M-0.36,0 Q-0.16,0.02 -0.06,0.18 L0,0.4 L0.06,0.18 Q0.16,0.02 0.36,0 L0.3,0.1 L0,0.4 L-0.3,0.1 Z" fill="${BOARD_PALETTE.cheek}"/>` +
  `<ellipse cx="-0.13" cy="-0.06" rx="0.04" ry="0.05" fill="${BOARD_PALETTE.eye}"/>` +
  `<ellipse cx="0.13" cy="-0.06" rx="0.04" ry="0.05" fill="${BOARD_PALETTE.eye}"/>` +
  `<circle cy="0.35" r="0.055" fill="${BOARD_PALETTE.eye}"/>`;

/** Rounds a coordinate to what a picture needs, so the SVG stays short. */
const n = (v: number): number => Math.round(v * 1000) / 1000;

/** The SVG of a position: the board's links and points, and `pieces` (point index -> piece), fitted into `frame`. */
export function positionSvg(board: BoardDrawing, pieces: ReadonlyMap<number, DrawnPiece>, frame: BoardFrame): string {
  const { width, height, margin, background, radius = 0, wood = true } = frame;
  const id = 'b';
  // One unit is the distance between two points; the wood reaches 0.6 of a unit beyond the outer points.
  const unit = Math.min(
    (width - 2 * margin) / (board.files - 1 + 1.2),
    (height - 2 * margin) / (board.ranks - 1 + 1.2),
  );
  const left = (width - unit * (board.files - 1)) / 2;
  const top = (height - unit * (board.ranks - 1)) / 2;
  const x = (file: number): number => n(file);
  const y = (rank: number): number => n(board.ranks - 1 - rank);
  const links = board.links
    .map(({ from, to }) => {
      const a = board.points[from]!;
      const b = board.points[to]!;
      return `<line x1="${x(a.file)}" y1="${y(a.rank)}" x2="${x(b.file)}" y2="${y(b.rank)}"/>`;
    })
    .join('');
  const dots = board.points.map((p) => `<circle cx="${x(p.file)}" cy="${y(p.rank)}" r="0.07"/>`).join('');
  const drawn = [...pieces]
    .map(([i, piece]) => {
      const p = board.points[i]!;
      return `<g transform="translate(${x(p.file)} ${y(p.rank)})">${piece === 'fox' ? FOX(id) : GOOSE(id)}</g>`;
    })
    .join('');
  const panel = wood
    ? `<rect x="-0.6" y="-0.6" width="${board.files - 1 + 1.2}" height="${board.ranks - 1 + 1.2}" rx="0.08" fill="url(#${id}-wood)"/>`
    : '';
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<defs>` +
    `<linearGradient id="${id}-wood" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${BOARD_PALETTE.woodLight}"/><stop offset="0.5" stop-color="${BOARD_PALETTE.wood}"/><stop offset="1" stop-color="${BOARD_PALETTE.woodDark}"/></linearGradient>` +
    `<radialGradient id="${id}-goose" cx="0.38" cy="0.32" r="0.75"><stop offset="0" stop-color="${BOARD_PALETTE.gooseLight}"/><stop offset="0.6" stop-color="${BOARD_PALETTE.goose}"/><stop offset="1" stop-color="${BOARD_PALETTE.gooseShade}"/></radialGradient>` +
    `<radialGradient id="${id}-fox" cx="0.45" cy="0.3" r="0.8"><stop offset="0" stop-color="${BOARD_PALETTE.foxLight}"/><stop offset="1" stop-color="${BOARD_PALETTE.foxShade}"/></radialGradient>` +
    `</defs>` +
    `<rect width="${width}" height="${height}" rx="${radius}" fill="${background}"/>` +
    `<g transform="translate(${n(left)} ${n(top)}) scale(${n(unit)})">${panel}` +
    `<g stroke="${BOARD_PALETTE.line}" stroke-width="0.055" stroke-linecap="round">${links}</g>` +
    `<g fill="${BOARD_PALETTE.line}">${dots}</g>${drawn}</g></svg>`
  );
}
