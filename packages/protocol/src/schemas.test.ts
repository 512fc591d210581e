import { VARIANT_INFOS } from '@fg/rules';
import { describe, expect, it } from 'vitest';

import { createTableBodySchema, tableViewSchema, takeSeatBodySchema, variantInfoSchema } from './schemas.js';
import { HTTP_ERROR_CODES, HTTP_STATUS, REASONS, SOCKET_ERROR_CODES } from './vocabulary.js';

describe('vocabulary', () => {
  it('lists every reason of docs/protocol.md', () => {
    expect([...REASONS].sort()).toEqual([
      'abandoned',
      'aborted',
      'breakthrough',
      'draw-agreed',
      'fifty-move-rule',
      'fox-trapped',
      'geese-reduced',
      'geese-stalemated',
      'pen-filled',
      'resignation',
      'threefold-repetition',
      'timeout',
    ]);
  });

  it('lists every socket error code of docs/protocol.md', () => {
    expect(SOCKET_ERROR_CODES).toEqual([
      'bad-message',
      'hello-first',
      'table-not-found',
      'bad-token',
      'not-a-player',
      'not-your-turn',
      'stale-ply',
      'illegal-move',
      'game-over',
      'not-abandoned',
      'rate-limited',
      'unavailable',
    ]);
  });

  it.each(HTTP_ERROR_CODES.map((code) => [code, HTTP_STATUS[code]]))(
    'HTTP %s answers with a status',
    (_code, status) => {
      expect(status).toBeGreaterThanOrEqual(400);
    },
  );
});

describe('createTableBodySchema', () => {
  it.each([
    ['variant only', { variant: 'standard' }],
    ['options and side', { variant: 'standard', options: { geese: 15, sideways: true }, side: 'random' }],
  ])('accepts %s', (_name, body) => {
    expect(createTableBodySchema.safeParse(body).success).toBe(true);
  });

  it.each([
    ['unknown variant', { variant: 'foxes-9' }],
    ['bad side', { variant: 'standard', side: 'goose' }],
    ['string option', { variant: 'standard', options: { geese: '15' } }],
    ['no body', undefined],
  ])('rejects %s', (_name, body) => {
    expect(createTableBodySchema.safeParse(body).success).toBe(false);
  });
});

describe('takeSeatBodySchema', () => {
  it.each([
    [{}, true],
    [{ side: 'geese' }, true],
    [{ side: 'random' }, false],
  ])('%j valid: %s', (body, valid) => {
    expect(takeSeatBodySchema.safeParse(body).success).toBe(valid);
  });
});

describe('views', () => {
  it('describes every variant of the rules library', () => {
    for (const info of VARIANT_INFOS) expect(variantInfoSchema.parse(info)).toEqual(info);
  });

  const WAITING = {
    id: 'V1StGXR8_Z5j',
    variant: 'standard',
    options: { geese: 13, sideways: false },
    status: 'waiting',
    seats: { fox: { taken: true, online: false }, geese: { taken: false, online: false } },
    spectators: 0,
    position: 'fox:d4 geese:c1 turn:fox quiet:0',
    turn: 'fox',
    ply: 0,
    moves: [],
    result: null,
    rematch: null,
  };
  const PLAYING = {
    ...WAITING,
    status: 'playing',
    seats: { fox: { taken: true, online: true }, geese: { taken: true, online: true } },
  };

  it('accepts a waiting table', () => {
    expect(tableViewSchema.parse(WAITING)).toEqual(WAITING);
  });

  it.each([
    ['a standing draw offer', { drawOffer: 'geese', rematchRequests: [] }],
    ['no offer', { drawOffer: null, rematchRequests: [] }],
    ['rematch requests', { drawOffer: null, rematchRequests: ['fox'] }],
  ])('accepts the offer additions: %s', (_, additions) => {
    const view = { ...PLAYING, ...additions };
    expect(tableViewSchema.parse(view)).toEqual(view);
  });

  it.each([
    ['a draw offer of no side', { drawOffer: 'goose' }],
    ['a rematch request of no side', { rematchRequests: ['foxes'] }],
  ])('rejects %s', (_, additions) => {
    expect(tableViewSchema.safeParse({ ...PLAYING, ...additions }).success).toBe(false);
  });
});
