import { describe, expect, it } from 'vitest';

import { exceedsFrameLimit, parseClientMessage, parseServerMessage, quickMove } from './parse.js';
import { clientMessageSchema } from './schemas.js';

describe('parseClientMessage', () => {
  it.each([
    ['hello without token', '{"type":"hello"}', { type: 'hello' }],
    [
      'hello with token',
      '{"type":"hello","token":"abcdefghijklmnopqrstu"}',
      { type: 'hello', token: 'abcdefghijklmnopqrstu' },
    ],
    [
      'hello with a long token (the server answers bad-token)',
      `{"type":"hello","token":"${'t'.repeat(500)}"}`,
      { type: 'hello', token: 't'.repeat(500) },
    ],
    ['move', '{"type":"move","ply":0,"path":["d4","d5"]}', { type: 'move', ply: 0, path: ['d4', 'd5'] }],
    [
      'jump chain',
      '{"type":"move","ply":7,"path":["d4","d6","f6"]}',
      { type: 'move', ply: 7, path: ['d4', 'd6', 'f6'] },
    ],
    ['resign', '{"type":"resign"}', { type: 'resign' }],
    ['draw-offer', '{"type":"draw-offer"}', { type: 'draw-offer' }],
    ['draw-accept', '{"type":"draw-accept"}', { type: 'draw-accept' }],
    ['rematch', '{"type":"rematch"}', { type: 'rematch' }],
    ['claim-victory', '{"type":"claim-victory"}', { type: 'claim-victory' }],
    ['ping', '{"type":"ping"}', { type: 'ping' }],
    ['extra fields are dropped', '{"type":"ping","x":1}', { type: 'ping' }],
    ['chat', '{"type":"chat","room":"players","text":" gg "}', { type: 'chat', room: 'players', text: ' gg ' }],
  ])('accepts %s', (_name, text, expected) => {
    expect(parseClientMessage(text)).toEqual({ ok: true, value: expected });
  });

  it.each([
    ['not JSON', '{type:', 'message is not JSON'],
    ['a number', '42', 'bad message: message: Invalid input: expected object, received number'],
    [
      'unknown type',
      '{"type":"fly"}',
      "bad message: type: Invalid discriminator value. Expected 'hello' | 'move' | 'resign' | 'draw-offer' | 'draw-accept' | 'draw-decline' | 'rematch' | 'claim-victory' | 'ping' | 'takeback-offer' | 'takeback-accept' | 'takeback-decline' | 'rematch-decline' | 'chat'",
    ],
    [
      'move without path',
      '{"type":"move","ply":0}',
      'bad message: path: Invalid input: expected array, received undefined',
    ],
    [
      'negative ply',
      '{"type":"move","ply":-1,"path":["d4","d5"]}',
      'bad message: ply: Too small: expected number to be >=0',
    ],
    [
      'one-point path',
      '{"type":"move","ply":0,"path":["d4"]}',
      'bad message: path: Too small: expected array to have >=2 items',
    ],
    ['bad point', '{"type":"move","ply":0,"path":["d4","zz"]}', 'bad message: path.1: a point like d4'],
    [
      'empty chat',
      '{"type":"chat","room":"players","text":"  "}',
      'bad message: text: a chat message may not be empty',
    ],
    [
      'chat of 141 characters',
      `{"type":"chat","room":"spectators","text":"${'x'.repeat(141)}"}`,
      'bad message: text: a chat message holds at most 140 characters',
    ],
  ])('rejects %s', (_name, text, message) => {
    expect(parseClientMessage(text)).toEqual({ ok: false, error: { code: 'bad-message', message } });
  });

  it('rejects a frame over 4 KiB', () => {
    const text = JSON.stringify({ type: 'hello', token: 'x'.repeat(4100) });
    expect(parseClientMessage(text)).toEqual({
      ok: false,
      error: { code: 'bad-message', message: 'message too large; at most 4096 bytes' },
    });
  });
});

describe('exceedsFrameLimit', () => {
  it.each([
    ['4096 ASCII bytes', 'a'.repeat(4096), false],
    ['4097 ASCII bytes', 'a'.repeat(4097), true],
    ['2048 two-byte letters', 'я'.repeat(2048), false],
    ['2049 two-byte letters', 'я'.repeat(2049), true],
    ['1365 three-byte signs', '€'.repeat(1365), false],
    ['1366 three-byte signs', '€'.repeat(1366), true],
    ['1024 emoji (four bytes each)', '😀'.repeat(1024), false],
    ['1025 emoji', '😀'.repeat(1025), true],
  ])('%s', (_name, text, expected) => {
    expect(exceedsFrameLimit(text)).toBe(expected);
  });
});

describe('parseServerMessage', () => {
  it('accepts a moved message', () => {
    const moved = {
      type: 'moved',
      ply: 0,
      path: ['d4', 'd5'],
      move: 'd4-d5',
      side: 'fox',
      position: 'fox:d5 geese:c1 turn:geese quiet:1',
      turn: 'geese',
      status: 'playing',
      result: null,
    };
    expect(parseServerMessage(JSON.stringify(moved))).toEqual({ ok: true, value: moved });
  });

  it('accepts a rematch without a seat, as spectators get it', () => {
    expect(parseServerMessage('{"type":"rematch","table":"abcdefghijkl"}')).toEqual({
      ok: true,
      value: { type: 'rematch', table: 'abcdefghijkl' },
    });
  });

  it('rejects an unknown error code', () => {
    expect(parseServerMessage('{"type":"error","code":"oops","message":"x"}').ok).toBe(false);
  });
});

describe('quickMove', () => {
  const schemaSays = (data: unknown): unknown => {
    const checked = clientMessageSchema.safeParse(data);
    return checked.success ? checked.data : null;
  };
  const valid = { type: 'move', ply: 3, path: ['d4', 'd6', 'f6'] };
  // Every field of a valid move changed in the ways a client (or an attacker) might.
  const variants: unknown[] = [
    valid,
    { ...valid, extra: 1 },
    { ...valid, ply: 0 },
    { ...valid, ply: -0 },
    { ...valid, ply: -1 },
    { ...valid, ply: 1.5 },
    { ...valid, ply: 2 ** 53 },
    { ...valid, ply: '3' },
    { ...valid, ply: null },
    { type: 'move', path: valid.path },
    { ...valid, path: ['d4'] },
    { ...valid, path: [] },
    { ...valid, path: Array.from({ length: 64 }, () => 'a1') },
    { ...valid, path: Array.from({ length: 65 }, () => 'a1') },
    { ...valid, path: ['D4', 'e10'] },
    { ...valid, path: ['d4', 'd0'] },
    { ...valid, path: ['d4', 'd100'] },
    { ...valid, path: ['d4', 4] },
    { ...valid, path: ['d4', 'd5\n'] },
    { ...valid, path: 'd4-d5' },
    { ...valid, path: { 0: 'd4', 1: 'd5', length: 2 } },
    { ...valid, type: 'Move' },
    { type: 'hello', ply: 0, path: ['d4', 'd5'] },
    { type: 'resign' },
    [valid],
    null,
    'move',
    7,
  ];

  it.each(variants.map((data) => [JSON.stringify(data), data]))(
    'gives what the schema gives, or leaves it to it: %s',
    (_text, data) => {
      const quick = quickMove(data);
      if (quick) expect(quick).toEqual(schemaSays(data));
      else expect(schemaSays(data) === null || (schemaSays(data) as { type: string }).type !== 'move').toBe(true);
    },
  );

  it('takes every well-formed move, so only other messages reach the schema', () => {
    expect(variants.filter((data) => quickMove(data) !== null).length).toBe(
      variants.filter((data) => (schemaSays(data) as { type?: string } | null)?.type === 'move').length,
    );
  });
});
