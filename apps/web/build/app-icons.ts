// The app's icons, drawn at build time from the rules' board data: the standard game's cross of points and links
// with its starting pieces, the board SVG the link previews draw too (@fg/protocol/board-svg), rendered to PNG by
// resvg. The maskable icon keeps the board inside the central safe circle (80% of the side) on a full background.
import { BOARD_PALETTE, type DrawnPiece, positionSvg } from '@fg/protocol/board-svg';
import { FOX, GOOSE, startPosition, type Variant } from '@fg/rules';
import { Resvg } from '@resvg/resvg-js';

/** One icon file of the manifest. */
export interface AppIcon {
  readonly fileName: string; // 'icons/icon-192.png'
  readonly size: number;
  readonly purpose: 'any' | 'maskable';
  readonly png: Buffer;
}

/** The manifest's icons: 192 and 512 px, and a maskable 512 px one. */
export function appIcons(variant: Variant): AppIcon[] {
  const pieces = new Map<number, DrawnPiece>();
  startPosition(variant).cells.forEach((cell, i) => {
    if (cell === FOX) pieces.set(i, 'fox');
    else if (cell === GOOSE) pieces.set(i, 'goose');
  });
  const draw = (size: number, margin: number, purpose: AppIcon['purpose']): AppIcon => {
    const svg = positionSvg(variant.board, pieces, {
      width: size,
      height: size,
      margin: size * margin,
      background: BOARD_PALETTE.wood,
      radius: purpose === 'any' ? size * 0.18 : 0,
      wood: false, // the whole icon is the wood
    });
    const png = Buffer.from(new Resvg(svg, { font: { loadSystemFonts: false } }).render().asPng());
    const fileName = purpose === 'maskable' ? `icons/icon-maskable-${size}.png` : `icons/icon-${size}.png`;
    return { fileName, size, purpose, png };
  };
  // The maskable safe zone is a circle of 80% of the side: the cross's corner pieces stay inside it at a 15% margin.
  return [draw(192, 0.04, 'any'), draw(512, 0.04, 'any'), draw(512, 0.15, 'maskable')];
}
