import { describe, expect, it } from 'vitest';

import { backoffDelay, tableSocketUrl } from './connection';

describe('backoffDelay', () => {
  it.each([
    [0, 500],
    [1, 1000],
    [3, 4000],
    [4, 8000],
    [10, 8000],
  ])('attempt %i waits %i ms without jitter', (attempt, ms) => {
    expect(backoffDelay(attempt, () => 0.5)).toBe(ms);
  });

  it('spreads clients by up to a quarter either way', () => {
    expect([backoffDelay(2, () => 0), backoffDelay(2, () => 1)]).toEqual([1500, 2500]);
  });
});

describe('tableSocketUrl', () => {
  it.each([
    ['http:', 'localhost:3000', 'ws://localhost:3000/api/tables/abcdefghij/ws'],
    ['https:', 'fox.example', 'wss://fox.example/api/tables/abcdefghij/ws'],
  ])('%s//%s', (protocol, host, url) => {
    expect(tableSocketUrl({ protocol, host }, 'abcdefghij')).toBe(url);
  });
});
