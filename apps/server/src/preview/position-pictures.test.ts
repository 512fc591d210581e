// The pictures' pool and cache with real worker threads: a valid PNG, repeats from the cache, a full queue refused.
import { FOX, getVariant, GOOSE, startPosition } from '@fg/rules';
import { afterEach, describe, expect, it } from 'vitest';

import { PicturesBusy, PositionPictures } from './position-pictures.js';

const standard = getVariant('standard');
if (!standard.ok) throw new Error('no standard variant');
const variant = standard.value;
/** The start position with its first `drop` pieces taken off, so each key has its own picture. */
const picture =
  (drop = 0) =>
  () => {
    const pieces = new Map<number, 'fox' | 'goose'>();
    startPosition(variant).cells.forEach((cell, i) => {
      if (cell === FOX) pieces.set(i, 'fox');
      else if (cell === GOOSE) pieces.set(i, 'goose');
    });
    return { board: variant.board, pieces: new Map([...pieces].slice(drop)) };
  };

let pictures: PositionPictures;
afterEach(async () => pictures.close());

describe('PositionPictures', () => {
  it('draws an 800 x 420 PNG in a worker and answers a repeat with the same bytes from the cache', async () => {
    pictures = new PositionPictures();
    const image = await pictures.get('a', picture());
    expect([...image.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect([image.readUInt32BE(16), image.readUInt32BE(20)]).toEqual([800, 420]);
    expect(await pictures.get('a', () => expect.fail('drawn again'))).toBe(image);
  });

  it('keeps the most recently used pictures', async () => {
    pictures = new PositionPictures({ maxCached: 2 });
    const a = await pictures.get('a', picture(0));
    await pictures.get('b', picture(1));
    expect(await pictures.get('a', picture(0))).toBe(a); // a is now the newest; b is the oldest
    await pictures.get('c', picture(2));
    expect(await pictures.get('a', () => expect.fail('a was dropped'))).toBe(a);
    let drawn = false;
    await pictures.get('b', () => ((drawn = true), picture(1)())); // b had been dropped: drawn again
    expect(drawn).toBe(true);
  });

  it('shares one drawing per position and refuses a new one while every place is taken', async () => {
    pictures = new PositionPictures({ threads: 1, maxQueue: 1 });
    const first = pictures.get('a', picture(0));
    const again = pictures.get('a', () => expect.fail('drawn twice'));
    const queued = pictures.get('b', picture(1));
    await expect(pictures.get('c', picture(2))).rejects.toBeInstanceOf(PicturesBusy);
    expect(await again).toBe(await first);
    expect((await queued).subarray(1, 4).toString('ascii')).toBe('PNG');
  });
});
