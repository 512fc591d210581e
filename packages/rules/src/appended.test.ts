import { describe, expect, it } from 'vitest';

import { appended } from './appended.js';

describe('appended', () => {
  it.each([
    [[], 'a', ['a']],
    [['a'], 'b', ['a', 'b']],
    [['a', 'b', 'c'], 'd', ['a', 'b', 'c', 'd']],
  ])('appends to %j: %j', (list, item, expected) => {
    const copy = appended(list, item);
    expect(copy).toEqual(expected);
    expect(copy).not.toBe(list);
    expect(list).toHaveLength(expected.length - 1); // the list given is left as it was
  });

  it('keeps an item that is itself a list as one item', () => {
    expect(appended([[1, 2]], [3, 4])).toEqual([
      [1, 2],
      [3, 4],
    ]);
  });
});
