import { describe, expect, it, vi } from 'vitest';

import { chosenLanguage, keepChosenLanguage } from './chosen-language';
import {
  handleNotificationClick,
  handlePush,
  installPushHandlers,
  type PushClient,
  type PushScope,
} from './push-handlers';

const ORIGIN = 'https://fox.example';

/** A worker scope with the given open windows, recording what it shows and opens. */
function scope(clients: PushClient[] = [], language = 'en-GB') {
  const shown: [string, unknown][] = [];
  const opened: string[] = [];
  const listeners = new Map<string, (event: never) => void>();
  const s: PushScope & { addEventListener(type: string, listener: (event: never) => void): void } = {
    location: { origin: ORIGIN },
    navigator: { language },
    registration: { showNotification: async (title, options) => void shown.push([title, options]) },
    clients: { matchAll: async () => clients, openWindow: async (url) => void opened.push(url) },
    addEventListener: (type, listener) => listeners.set(type, listener),
  };
  return { s, shown, opened, listeners };
}

const push = (payload: object): string => JSON.stringify(payload);

describe('push', () => {
  it.each([
    [
      'your-move',
      { type: 'your-move', table: 'abcdefghij12', variant: 'standard', move: 'd4-e5' },
      'en',
      ['Your move', 'Last move: d4-e5'],
    ],
    [
      'a draw offer, in Polish',
      { type: 'offer', offer: 'draw', table: 'abcdefghij12', variant: 'standard' },
      'pl-PL',
      ['Przeciwnik proponuje remis', 'Otwórz stół, aby odpowiedzieć'],
    ],
    [
      'a takeback, in Russian',
      { type: 'offer', offer: 'takeback', table: 'abcdefghij12', variant: 'standard' },
      'ru',
      ['Соперник просит вернуть ход', 'Откройте стол, чтобы ответить'],
    ],
    [
      'the end, in Hungarian',
      { type: 'ended', table: 'abcdefghij12', variant: 'standard', result: { winner: 'geese', reason: 'timeout' } },
      'hu',
      ['A játszma véget ért', 'A libák nyertek'],
    ],
  ])('shows %s', async (_name, payload, language, [title, body]) => {
    const { s, shown } = scope([], language);
    await handlePush(s, push(payload));
    expect(shown).toEqual([
      [title, { body, tag: 'fg-table-abcdefghij12', icon: '/icons/icon-192.png', data: { url: '/t/abcdefghij12' } }],
    ]);
  });

  it("speaks the language chosen in the page over the browser's, and the browser's when none is kept", async () => {
    const kept = new Map<string, Response>();
    const caches = {
      open: async () => ({
        match: async (address: string) => kept.get(address)?.clone(),
        put: async (address: string, response: Response) => void kept.set(address, response),
      }),
    };
    const payload = push({ type: 'your-move', table: 'abcdefghij12', variant: 'standard' });
    const before = scope([], 'en-GB');
    await handlePush({ ...before.s, caches }, payload);
    await keepChosenLanguage(caches, 'pl');
    const after = scope([], 'en-GB');
    await handlePush({ ...after.s, caches }, payload);
    expect([before.shown[0]?.[0], after.shown[0]?.[0]]).toEqual(['Your move', 'Twój ruch']);
    expect(await chosenLanguage(caches)).toBe('pl');
    expect(await chosenLanguage(undefined)).toBeUndefined();
  });

  it('shows nothing while the table is open and in front, or for a payload that is not ours', async () => {
    const front = {
      url: `${ORIGIN}/t/abcdefghij12?lang=en`,
      focused: true,
      visibilityState: 'visible',
      focus: vi.fn(),
    };
    const { s, shown } = scope([front]);
    await handlePush(s, push({ type: 'your-move', table: 'abcdefghij12', variant: 'standard' }));
    await handlePush(s, 'not json');
    await handlePush(s, push({ type: 'your-move', table: '../../evil' }));
    expect(shown).toEqual([]);
  });

  it('a click focuses the open table, or opens it', async () => {
    const open = { url: `${ORIGIN}/t/abcdefghij12`, focus: vi.fn(async () => undefined) };
    const first = scope([open]);
    const close = vi.fn();
    await handleNotificationClick(first.s, { close, data: { url: '/t/abcdefghij12' } });
    expect(close).toHaveBeenCalled();
    expect(open.focus).toHaveBeenCalled();
    const second = scope([]);
    await handleNotificationClick(second.s, { close, data: { url: '/t/otherone1234' } });
    expect(second.opened).toEqual(['/t/otherone1234']);
  });

  it('installs both handlers, each keeping the worker alive until done', async () => {
    const { s, shown, listeners } = scope();
    installPushHandlers(s);
    const waits: Promise<unknown>[] = [];
    const data = { text: () => push({ type: 'your-move', table: 'abcdefghij12', variant: 'standard' }) };
    (listeners.get('push') as (e: unknown) => void)({ data, waitUntil: (p: Promise<unknown>) => waits.push(p) });
    await Promise.all(waits);
    expect(shown.map(([title]) => title)).toEqual(['Your move']);
    expect([...listeners.keys()]).toEqual(['push', 'notificationclick']);
  });
});
