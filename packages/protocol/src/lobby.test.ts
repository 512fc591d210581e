// Schemas: the create body's computer and listed, the computer's seat, and the lobby's answer.
import { describe, expect, it } from 'vitest';

import { lobbyResponseSchema } from './lobby.js';
import { createTableBodySchema, seatStateSchema } from './schemas.js';

describe('createTableBodySchema', () => {
  it.each([
    [{ variant: 'standard', computer: { level: 1 } }],
    [{ variant: 'standard', computer: { level: 8 }, side: 'fox' }],
    [{ variant: 'raevskak', listed: true }],
    [{ variant: 'two-foxes', listed: false, computer: { level: 4 } }],
  ])('accepts %j', (body) => {
    expect(createTableBodySchema.safeParse(body).success).toBe(true);
  });

  it.each([
    [{ computer: { level: 0 } }],
    [{ computer: { level: 10 } }],
    [{ computer: { level: 3.5 } }],
    [{ computer: { level: '3' } }],
    [{ computer: {} }],
    [{ computer: { level: 3, side: 'fox' } }],
    [{ computer: null }],
    [{ listed: 'true' }],
    [{ listed: 1 }],
  ])('refuses %j', (extra) => {
    expect(createTableBodySchema.safeParse({ variant: 'standard', ...extra }).success).toBe(false);
  });
});

describe('seatStateSchema', () => {
  it('carries the computer level on its seat, and nothing else on a person seat', () => {
    expect(seatStateSchema.parse({ taken: true, online: true, computer: 8 })).toEqual({
      taken: true,
      online: true,
      computer: 8,
    });
    expect(seatStateSchema.parse({ taken: false, online: false })).toEqual({ taken: false, online: false });
    expect(seatStateSchema.safeParse({ taken: true, online: true, computer: 10 }).success).toBe(false);
  });
});

describe('lobbyResponseSchema', () => {
  const table = {
    id: 'V1StGXR8_Z5j',
    variant: 'standard',
    options: { geese: 13, sideways: false },
    freeSide: 'geese',
    ply: 0,
    spectators: 0,
    createdAt: '2026-05-01T12:00:00.000Z',
  };

  it('parses both lists', () => {
    expect(lobbyResponseSchema.parse({ waiting: [table], playing: [] })).toEqual({ waiting: [table], playing: [] });
  });

  it.each([
    ['a time that is not ISO', { ...table, createdAt: 'yesterday' }],
    ['a negative ply', { ...table, ply: -1 }],
    ['a free side that is no side', { ...table, freeSide: 'goose' }],
  ])('refuses %s', (_name, bad) => {
    expect(lobbyResponseSchema.safeParse({ waiting: [bad], playing: [] }).success).toBe(false);
  });

  it('holds at most 50 tables a list', () => {
    const many = Array.from({ length: 51 }, () => table);
    expect(lobbyResponseSchema.safeParse({ waiting: many, playing: [] }).success).toBe(false);
  });
});
