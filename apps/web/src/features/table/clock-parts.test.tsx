import type { ClockView } from '@fg/protocol';
import { act, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { formatClock, isLow, msLeft } from './clock-time';
import { ClockPanel } from './ClockPanel';

const CLOCK: ClockView = { initial: 300, increment: 3, fox: 61_000, geese: 9_500, running: 'fox' };

describe('formatClock', () => {
  it.each([
    [0, '0:00'],
    [1, '0:00.1'], // a part of a tenth still shows as a tenth: 0:00 means out
    [9_500, '0:09.5'],
    [9_901, '0:10'], // rounded up to 10 s: whole seconds again
    [10_000, '0:10'],
    [61_000, '1:01'],
    [600_000, '10:00'],
    [3_600_000, '1:00:00'],
    [10_800_000, '3:00:00'],
    [-5, '0:00'],
  ])('%i ms reads %s', (ms, text) => {
    expect(formatClock(ms)).toBe(text);
  });
});

describe('msLeft and isLow', () => {
  it('counts down the running side only', () => {
    expect(msLeft(CLOCK, 'fox', 1000, 3500)).toBe(58_500);
    expect(msLeft(CLOCK, 'geese', 1000, 3500)).toBe(9_500);
    expect(msLeft(CLOCK, 'fox', 1000, 99_000)).toBe(0);
  });

  it.each([
    [15, 9_999, true],
    [15, 10_000, false],
    [300, 29_999, true],
    [300, 30_000, false],
    [3600, 59_999, true],
    [3600, 60_000, false],
  ])('with %i s initial, %i ms left is low: %s', (initial, ms, low) => {
    expect(isLow({ ...CLOCK, initial }, ms)).toBe(low);
  });
});

describe('ClockPanel', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'performance'] }));
  afterEach(() => vi.useRealTimers());

  const time = (side: string): string => document.querySelector(`[data-clock="${side}"]`)!.textContent;

  it('shows both clocks as m:ss, counts the running one down smoothly and marks the low one', () => {
    render(<ClockPanel clock={CLOCK} at={performance.now()} viewer="geese" variant="standard" />);
    expect([time('fox'), time('geese')]).toEqual(['1:01', '0:09.5']);
    expect(document.querySelector('[data-clock="geese"]')!.closest('.clock')!.className).toContain('clock--low');
    expect(document.querySelector('[data-clock="fox"]')!.closest('.clock')!.className).toBe('clock clock--running');
    void act(() => vi.advanceTimersByTime(1_100));
    expect(time('fox')).toBe('1:00');
    void act(() => vi.advanceTimersByTime(30_000));
    expect(time('fox')).toBe('0:30');
    expect(time('geese')).toBe('0:09.5'); // not running
  });

  it("puts the viewer's clock last, nearest the player", () => {
    render(<ClockPanel clock={{ ...CLOCK, running: null }} at={0} viewer="fox" variant="standard" />);
    expect([...document.querySelectorAll('[data-clock]')].map((el) => el.getAttribute('data-clock'))).toEqual([
      'geese',
      'fox',
    ]);
  });

  it.each([
    ['standard', ['Fox', 'Geese']],
    ['two-foxes', ['Foxes', 'Geese']],
  ])("names the sides in %s's number", (variant, names) => {
    render(<ClockPanel clock={{ ...CLOCK, running: null }} at={0} viewer={null} variant={variant} />);
    expect([...document.querySelectorAll('.clock__side')].map((el) => el.textContent)).toEqual(names);
  });
});
