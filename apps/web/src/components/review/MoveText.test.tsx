import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { MoveText } from './MoveText';

describe('MoveText', () => {
  it.each([
    { move: 'd4-d5', hops: ['d4-d5'] },
    { move: 'd4xd2', hops: ['d4x', 'd2'] },
    { move: 'e5xc3xc5xe5', hops: ['e5x', 'c3x', 'c5x', 'e5'] },
  ])('$move reads whole and may break only after a hop', ({ move, hops }) => {
    const { container } = render(<MoveText move={move} />);
    const code = container.querySelector('code')!;
    expect(code.textContent).toBe(move);
    expect([...code.querySelectorAll('.move-text__hop')].map((hop) => hop.textContent)).toEqual(hops);
    expect(code.querySelectorAll('wbr')).toHaveLength(hops.length - 1);
  });
});
