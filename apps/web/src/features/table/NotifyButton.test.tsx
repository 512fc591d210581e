import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { SUBSCRIBE_TIMEOUT_MS } from '../../lib/push-subscribe';
import { saveSeat } from '../../lib/seat-store';
import { NotifyButton } from './NotifyButton';
import { useNotifyMe } from './use-notify-me';

const TOKEN = 'V1StGXR8_Z5jdHi6B-myT';
const KEY = Buffer.from([4, ...Array<number>(64).fill(7)]).toString('base64url');
const SUBSCRIPTION = { endpoint: 'https://fcm.googleapis.com/fcm/send/x', keys: { p256dh: 'p', auth: 'a' } };

let permission: string;
let requestPermission: ReturnType<typeof vi.fn>;
let requests: { url: string; body: unknown }[];
let subscribed: { applicationServerKey: Uint8Array }[];
let subscribe: (options: { applicationServerKey: Uint8Array }) => Promise<unknown>;
beforeEach(() => {
  localStorage.clear();
  saveSeat('table00001', { side: 'fox', token: TOKEN });
  permission = 'granted';
  requests = [];
  subscribed = [];
  requestPermission = vi.fn(async () => permission);
  vi.stubGlobal('Notification', { requestPermission });
  vi.stubGlobal('PushManager', class {});
  vi.stubGlobal('isSecureContext', true);
  subscribe = async (options) => {
    subscribed.push(options);
    return { toJSON: () => SUBSCRIPTION };
  };
  const pushManager = { getSubscription: async () => null, subscribe: (options: never) => subscribe(options) };
  const registration = { pushManager };
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { getRegistration: async () => registration, register: vi.fn(), ready: Promise.resolve(registration) },
  });
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    requests.push({ url, body: init.body ? JSON.parse(init.body as string) : undefined });
    const body = url === '/api/push/key' ? { publicKey: KEY } : {};
    return new Response(JSON.stringify(body), { status: url === '/api/push/key' ? 200 : 201 });
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

/** The button as the side column composes it: its state from the hook. */
function Harness({ id, online }: { id: string; online?: boolean }) {
  return <NotifyButton notify={useNotifyMe(id)} online={online} />;
}

describe('NotifyButton', () => {
  it("waits, disabled with the game buttons' title, while the connection is lost", () => {
    const { rerender } = render(<Harness id="table00001" online={false} />);
    const button = screen.getByRole('button', { name: 'Notify me' });
    expect([button.hasAttribute('disabled'), button.getAttribute('title')]).toEqual([
      true,
      'Connection lost: this works again once the game is back in step.',
    ]);
    rerender(<Harness id="table00001" online />);
    expect([button.hasAttribute('disabled'), button.getAttribute('title')]).toEqual([false, null]);
  });

  it('asks permission only on the click, subscribes with the server key and stores it with the seat', async () => {
    render(<Harness id="table00001" />);
    expect(requestPermission).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Notify me' }));
    expect(await screen.findByText('Notifications are on for this game')).toBeTruthy();
    expect(requestPermission).toHaveBeenCalledTimes(1);
    expect([...subscribed[0]!.applicationServerKey]).toEqual([...Buffer.from(KEY, 'base64url')]);
    expect(requests).toEqual([
      { url: '/api/push/key', body: undefined },
      { url: '/api/push/subscriptions', body: { table: 'table00001', token: TOKEN, subscription: SUBSCRIPTION } },
    ]);
    expect(localStorage.getItem('fg:notify:table00001')).toBe('on');
  });

  it('says so when the permission is refused, and subscribes nothing', async () => {
    permission = 'denied';
    render(<Harness id="table00001" />);
    fireEvent.click(screen.getByRole('button', { name: 'Notify me' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Notifications are blocked for this site.' +
        'To allow them: click the icon left of the address, set Notifications to Allow, reload and press Notify me ' +
        'again. Private windows always block them: use a normal window.',
    );
    expect(subscribed).toEqual([]);
    expect(requests).toEqual([]);
  });

  it.each<[string, () => void, string]>([
    ['the prompt is closed unanswered', () => (permission = 'default'), 'The browser’s question was closed'],
    [
      'the push service refuses (AbortError)',
      () =>
        (subscribe = () => Promise.reject(new DOMException('Registration failed - push service error', 'AbortError'))),
      'The browser’s push service did not answer',
    ],
    [
      'subscribe is refused for want of permission (an incognito window)',
      () => (subscribe = () => Promise.reject(new DOMException('Registration failed', 'NotAllowedError'))),
      'Notifications are blocked for this site.',
    ],
    [
      'storage is refused (localStorage throws)',
      () => {
        const kept = localStorage.getItem('fg:seat:table00001');
        vi.stubGlobal('localStorage', {
          getItem: (key: string) => (key === 'fg:seat:table00001' ? kept : null),
          setItem: () => {
            throw new DOMException('The operation is insecure.', 'SecurityError');
          },
          removeItem: () => undefined,
        });
      },
      'Notifications cannot be turned on: this browser keeps nothing for this site',
    ],
    [
      'the server has push off',
      () =>
        vi.stubGlobal('fetch', async () =>
          Response.json({ error: { code: 'push-off', message: 'off' } }, { status: 404 }),
        ),
      'This server does not send notifications.',
    ],
    [
      'the server is unreachable',
      () => vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch'))),
      'Our server could not be reached',
    ],
  ])('says why when %s', async (_, arrange, words) => {
    arrange();
    render(<Harness id="table00001" />);
    fireEvent.click(screen.getByRole('button', { name: 'Notify me' }));
    expect((await screen.findByRole('alert')).textContent).toContain(words);
    expect(screen.getByRole('button', { name: 'Notify me' })).toHaveProperty('disabled', false); // may be tried again
  });

  it('says the push service is unreachable when subscribe never answers, at the deadline, never dimmed for good', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    subscribe = () => new Promise(() => undefined);
    render(<Harness id="table00001" />);
    fireEvent.click(screen.getByRole('button', { name: 'Notify me' }));
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(screen.getByText('Turning notifications on…')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Notify me' })).toHaveProperty('disabled', true);
    await act(() => vi.advanceTimersByTimeAsync(SUBSCRIBE_TIMEOUT_MS));
    expect(screen.getByRole('alert').textContent).toContain('The browser’s push service did not answer');
    expect(screen.getByRole('button', { name: 'Notify me' })).toHaveProperty('disabled', false);
  });

  it('tells a browser without Web Push so, and what to do, in place of the button', () => {
    vi.stubGlobal('PushManager', undefined);
    Reflect.deleteProperty(window, 'PushManager');
    render(<Harness id="table00001" />);
    expect(screen.queryByRole('button')).toBeNull();
    expect(document.querySelector('[data-notify]')?.textContent).toBe(
      'This browser cannot show notifications from a web page.' +
        'Use a current Chrome, Edge, Firefox or Safari (on an iPhone, add the site to the home screen first). ' +
        'Until then, keep this tab open: its title shows when it is your move.',
    );
  });
});
