// Notify me: asks the browser's permission (only when the player clicks), subscribes through the service
// worker's push manager with the server's VAPID key, and stores the subscription with the seat.
import { fetchPushKey, subscribePush } from './api';
import { type NotifyReason, notifyReason, storageAllowed, withDeadline } from './notify-reason';

/** How it went: on, or why not (lib/notify-reason.ts). */
export type NotifyOutcome = 'on' | NotifyReason;

/** How long the browser's push service gets to answer a subscription before it counts as unreachable. */
export const SUBSCRIBE_TIMEOUT_MS = 10_000;

/** Whether this browser can take Web Push at all (a secure page, a service worker, the Push and Notification APIs). */
export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    window.isSecureContext &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

/** Where the app's service worker is built (the Workbox worker of the installable app). */
const WORKER_URL = '/sw.js';

/** The key as bytes for `applicationServerKey`. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const text = atob(base64url.replace(/-/g, '+').replace(/_/g, '/'));
  const bytes = new Uint8Array(new ArrayBuffer(text.length));
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}

/** The registration that controls the page, registering the app's worker when there is none yet. */
async function workerRegistration(): Promise<ServiceWorkerRegistration> {
  const existing = await navigator.serviceWorker.getRegistration('/');
  if (!existing) await navigator.serviceWorker.register(WORKER_URL, { scope: '/' });
  return navigator.serviceWorker.ready;
}

/** Turns notifications on for a seat; must be called from the click (permission prompts need the gesture). */
export async function notifyMe(table: string, token: string): Promise<NotifyOutcome> {
  if (!pushSupported()) return 'unsupported';
  if (!storageAllowed()) return 'storage';
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return notifyReason({ step: 'permission', permission });
  const key = await fetchPushKey();
  if (!key.ok) return notifyReason({ step: 'key', code: key.code });
  let registration: ServiceWorkerRegistration;
  try {
    registration = await withDeadline(workerRegistration(), SUBSCRIBE_TIMEOUT_MS);
  } catch (error) {
    return notifyReason({ step: 'worker', error });
  }
  let subscription: PushSubscription;
  try {
    // A push service that never answers leaves subscribe() pending for good: the deadline turns that into words.
    subscription = await withDeadline(
      (async () =>
        (await registration.pushManager.getSubscription()) ??
        (await registration.pushManager.subscribe({
          userVisibleOnly: true,
          applicationServerKey: keyBytes(key.value.publicKey),
        })))(),
      SUBSCRIBE_TIMEOUT_MS,
    );
  } catch (error) {
    return notifyReason({ step: 'subscribe', error });
  }
  const json = subscription.toJSON() as { endpoint: string; keys: { p256dh: string; auth: string } };
  const stored = await subscribePush({ table, token, subscription: json });
  return stored.ok ? 'on' : notifyReason({ step: 'store', code: stored.code });
}

const notifyKey = (table: string): string => `fg:notify:${table}`;

/** Whether this browser turned notifications on for a table. */
export function notifyIsOn(table: string): boolean {
  try {
    return localStorage.getItem(notifyKey(table)) === 'on';
  } catch {
    return false;
  }
}

/** Remembers that notifications are on for a table (so the button gives way to a line saying so). */
export function rememberNotifyOn(table: string): void {
  try {
    localStorage.setItem(notifyKey(table), 'on');
  } catch {
    // Storage refused: the button shows again on the next visit, and a second click is harmless.
  }
}
