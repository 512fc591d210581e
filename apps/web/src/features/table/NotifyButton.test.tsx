import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

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
  const pushManager = {
    getSubscription: async () => null,
    subscribe: async (options: { applicationServerKey: Uint8Array }) => {
      subscribed.push(options);
      return { toJSON: () => SUBSCRIPTION };
    },
  };
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
afterEach(() => vi.unstubAllGlobals());

/** The button as the side column composes it: its state from the hook. */
function Harness({ id }: { id: string }) {
  return <NotifyButton notify={useNotifyMe(id)} />;
}

describe('NotifyButton', () => {
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
    expect(await screen.findByText('Notifications are blocked in this browser')).toBeTruthy();
    expect(subscribed).toEqual([]);
    expect(requests).toEqual([]);
  });
});
