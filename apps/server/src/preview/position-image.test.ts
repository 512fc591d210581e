// The preview picture as resvg renders it: the frame, the wood, a goose and the fox where the position has them.
import { FOX, getVariant, GOOSE, startPosition } from '@fg/rules';
import { Resvg } from '@resvg/resvg-js';
import { describe, expect, it } from 'vitest';

import { positionPng } from './position-image.js';

const standard = getVariant('standard');
if (!standard.ok) throw new Error('no standard variant');
const variant = standard.value;
const { board } = variant;
const pieces = new Map<number, 'fox' | 'goose'>();
startPosition(variant).cells.forEach((cell, i) => {
  if (cell === FOX) pieces.set(i, 'fox');
  else if (cell === GOOSE) pieces.set(i, 'goose');
});

describe('positionPng', () => {
  const png = positionPng({ board, pieces });
  // Read back through resvg itself: an SVG holding the PNG, rendered at the same size, gives its pixels.
  const image = new Resvg(
    `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="800" height="420"><image width="800" height="420" xlink:href="data:image/png;base64,${png.toString('base64')}"/></svg>`,
  ).render();
  const pixel = (x: number, y: number): number[] => [
    ...image.pixels.subarray((y * 800 + x) * 4, (y * 800 + x) * 4 + 3),
  ];
  // The board's unit is 50 px from (250, 60): point (file, rank) is at (250 + 50 file, 60 + 50 (6 - rank)).
  const at = (name: string): [number, number] => {
    const point = board.points.find((p) => p.name === name)!;
    return [250 + 50 * point.file, 60 + 50 * (board.ranks - 1 - point.rank)];
  };

  it('is an 800 x 420 PNG', () => {
    expect([
      [...png.subarray(1, 4)].map((c) => String.fromCharCode(c)).join(''),
      png.readUInt32BE(16),
      png.readUInt32BE(20),
    ]).toEqual(['PNG', 800, 420]);
  });

  it('draws the frame, the wood, the geese white and the fox orange at their points', () => {
    const fox = [...pieces].find(([, piece]) => piece === 'fox')![0];
    const goose = [...pieces].find(([, piece]) => piece === 'goose')![0];
    const [fx, fy] = at(board.points[fox]!.name);
    const [gx, gy] = at(board.points[goose]!.name);
    const [fr, fg, fb] = pixel(fx, fy - 5); // the fox's face between the eyes
    const [gr, gg, gb] = pixel(gx - 4, gy - 4); // the goose's lit side
    expect({
      frame: pixel(5, 5),
      woodIsWarm: pixel(222, 40)[0]! > pixel(222, 40)[2]! + 40,
      foxIsOrange: fr! > 180 && fg! > 60 && fg! < 150 && fb! < 80,
      gooseIsWhite: gr! > 225 && gg! > 225 && gb! > 215,
    }).toEqual({ frame: [250, 247, 240], woodIsWarm: true, foxIsOrange: true, gooseIsWhite: true });
  });
});
