import { describe, expect, it } from 'vitest';

import { NEW_PLAYER_RATING, puzzleAttemptBodySchema, rateAttempt, ratePeriod } from './puzzles.js';

describe('ratePeriod', () => {
  it("gives the glicko2 library's documented example (Glickman's paper): Ryan 1500/200 beats Bob, loses to John and Mary", () => {
    const ryan = ratePeriod({ rating: 1500, deviation: 200, volatility: 0.06 }, [
      { opponent: { rating: 1400, deviation: 30, volatility: 0.06 }, score: 1 },
      { opponent: { rating: 1550, deviation: 100, volatility: 0.06 }, score: 0 },
      { opponent: { rating: 1700, deviation: 300, volatility: 0.06 }, score: 0 },
    ]);
    // The library's own test checks these figures to the same tolerances.
    expect(Math.abs(ryan.rating - 1464.06)).toBeLessThan(0.01);
    expect(Math.abs(ryan.deviation - 151.52)).toBeLessThan(0.01);
    expect(Math.abs(ryan.volatility - 0.05999)).toBeLessThan(0.00001);
  });
});

describe('rateAttempt', () => {
  const puzzle = { rating: 1500, deviation: 100, volatility: 0.06 };

  it.each([
    ['solved', true, 1],
    ['failed', false, -1],
  ])('moves the player and the puzzle apart when %s', (_name, solved, sign) => {
    const after = rateAttempt(NEW_PLAYER_RATING, puzzle, solved);
    expect(Math.sign(after.player.rating - NEW_PLAYER_RATING.rating)).toBe(sign);
    expect(Math.sign(after.puzzle.rating - puzzle.rating)).toBe(-sign);
    expect(after.player.deviation).toBeLessThan(NEW_PLAYER_RATING.deviation);
  });

  it('gains more for solving a harder puzzle, and a sure puzzle moves less than a new player', () => {
    const easy = rateAttempt(NEW_PLAYER_RATING, { ...puzzle, rating: 1200 }, true);
    const hard = rateAttempt(NEW_PLAYER_RATING, { ...puzzle, rating: 1800 }, true);
    expect(hard.player.rating).toBeGreaterThan(easy.player.rating);
    const after = rateAttempt(NEW_PLAYER_RATING, puzzle, true);
    expect(puzzle.rating - after.puzzle.rating).toBeLessThan(after.player.rating - NEW_PLAYER_RATING.rating);
  });

  it('keeps ratings within the bounds', () => {
    const after = rateAttempt({ rating: 4000, deviation: 45, volatility: 0.01 }, puzzle, true);
    expect(after.player.rating).toBeLessThanOrEqual(4000);
    expect(after.player.deviation).toBeGreaterThanOrEqual(45);
  });
});

describe('puzzleAttemptBodySchema', () => {
  it.each([
    ['a rating out of bounds', { solved: true, rating: { rating: 99999, deviation: 100, volatility: 0.06 } }],
    ['solved missing', { rating: NEW_PLAYER_RATING }],
    ['an unknown field', { solved: true, rating: NEW_PLAYER_RATING, extra: 1 }],
    ['a bad browser id', { solved: true, rating: NEW_PLAYER_RATING, browser: 'x' }],
    ['a rating as text', { solved: true, rating: { rating: '1500', deviation: 100, volatility: 0.06 } }],
  ])('refuses %s', (_name, body) => {
    expect(puzzleAttemptBodySchema.safeParse(body).success).toBe(false);
  });

  it('accepts an attempt with a browser id', () => {
    const body = { solved: false, rating: NEW_PLAYER_RATING, browser: 'V1StGXR8_Z5jdHi6B-myT' };
    expect(puzzleAttemptBodySchema.parse(body)).toEqual(body);
  });
});
