// The app's icons, drawn at build time from the rules' board data: the standard game's cross of
// points and links with its starting pieces, as SVG rendered to PNG by resvg. The maskable icon
// keeps the board inside the central safe circle (80% of the side) on a full background.
import { FOX, GOOSE, startPosition, type Variant } from '@fg/rules';
import { Resvg } from '@resvg/resvg-js';

/** The colours of the board and pieces (the light theme's wood and accent). */
const WOOD = '#e9c98f';
const LINE = '#6b5b45';
const FOX_FILL = '#c2561a';
const GOOSE_FILL = '#fbf8f1';

/** An icon's square SVG: the board scaled into `inset` of each side (0.1: a tenth of the side free around it). */
function iconSvg(variant: Variant, size: number, inset: number, background: string, rounded: boolean): string {
  const { board } = variant;
  const position = startPosition(variant);
  const span = Math.max(board.files, board.ranks) - 1;
  const step = (size * (1 - 2 * inset)) / span;
  const x = (file: number): number => size * inset + file * step;
  const y = (rank: number): number => size * inset + (board.ranks - 1 - rank) * step;
  const links = board.links
    .map((l) => {
      const a = board.points[l.from]!;
      const b = board.points[l.to]!;
      return `<line x1="${x(a.file)}" y1="${y(a.rank)}" x2="${x(b.file)}" y2="${y(b.rank)}"/>`;
    })
    .join('');
  const pieces = board.points
    .map((p, i) => {
      const cell = position.cells[i];
      if (cell === FOX)
        return `<circle cx="${x(p.file)}" cy="${y(p.rank)}" r="${step * 0.4}" fill="${FOX_FILL}" stroke="${LINE}" stroke-width="${step * 0.06}"/>`;
      if (cell === GOOSE)
        return `<circle cx="${x(p.file)}" cy="${y(p.rank)}" r="${step * 0.34}" fill="${GOOSE_FILL}" stroke="${LINE}" stroke-width="${step * 0.06}"/>`;
      return `<circle cx="${x(p.file)}" cy="${y(p.rank)}" r="${step * 0.1}" fill="${LINE}"/>`;
    })
    .join('');
  const radius = rounded ? size * 0.18 : 0;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">` +
    `<rect width="${size}" height="${size}" rx="${radius}" fill="${background}"/>` +
    `<g stroke="${LINE}" stroke-width="${step * 0.07}" stroke-linecap="round">${links}</g>${pieces}</svg>`
  );
}

/** One icon file of the manifest. */
export interface AppIcon {
  readonly fileName: string; // 'icons/icon-192.png'
  readonly size: number;
  readonly purpose: 'any' | 'maskable';
  readonly png: Buffer;
}

/** The manifest's icons: 192 and 512 px, and a maskable 512 px one. */
export function appIcons(variant: Variant): AppIcon[] {
  const draw = (size: number, inset: number, purpose: AppIcon['purpose']): AppIcon => {
    const svg = iconSvg(variant, size, inset, WOOD, purpose === 'any');
    const png = Buffer.from(new Resvg(svg, { fitTo: { mode: 'width', value: size } }).render().asPng());
    const fileName = purpose === 'maskable' ? `icons/icon-maskable-${size}.png` : `icons/icon-${size}.png`;
    return { fileName, size, purpose, png };
  };
  // The maskable safe zone is a circle of 80% of the side: the board's corners (the cross's arms) stay inside it at a 21% inset.
  return [draw(192, 0.1, 'any'), draw(512, 0.1, 'any'), draw(512, 0.21, 'maskable')];
}
