// The service worker's Web Push handlers (docs/protocol.md, Notifications): `push` shows the notification a
// payload asks for, in the language chosen in the page (else the browser's), unless that table's page is open and in front (the page says it
// itself); `notificationclick` brings the table's page forward, or opens it. Typed structurally, so the module
// compiles with the page's DOM types as well as the worker's, and its test calls the handlers directly.
import { chosenLanguage, type LanguageCaches } from './chosen-language';

/** The payload fields the worker reads (packages/protocol pushPayloadSchema; never a token). */
interface Payload {
  readonly type: 'your-move' | 'offer' | 'ended';
  readonly table: string;
  readonly move?: string;
  readonly offer?: 'draw' | 'takeback' | 'rematch';
  readonly result?: { readonly winner: 'fox' | 'geese' | null };
}

/** A window of the app, as the worker sees it. */
export interface PushClient {
  readonly url: string;
  readonly focused?: boolean;
  readonly visibilityState?: string;
  focus(): Promise<unknown>;
}

/** What the handlers use of the worker's global scope. */
export interface PushScope {
  readonly location: { readonly origin: string };
  readonly navigator: { readonly language?: string };
  readonly caches?: LanguageCaches; // where the page keeps the language chosen in it
  readonly registration: {
    showNotification(title: string, options: NotificationShown['options']): Promise<void>;
  };
  readonly clients: {
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<readonly PushClient[]>;
    openWindow(url: string): Promise<unknown>;
  };
}

/** A notification to show. */
export interface NotificationShown {
  readonly title: string;
  readonly options: {
    readonly body: string;
    readonly tag: string; // one per table: a newer push replaces the older one
    readonly icon: string;
    readonly data: { readonly url: string };
  };
}

type Words = Record<
  'yourMove' | 'lastMove' | 'draw' | 'takeback' | 'rematch' | 'ended' | 'fox' | 'geese' | 'drawn' | 'open',
  string
>;

/** The words, in the app's four languages (the worker loads no i18n bundle). */
const WORDS: Readonly<Record<'en' | 'hu' | 'pl' | 'ru', Words>> = {
  en: {
    yourMove: 'Your move',
    lastMove: 'Last move: {move}',
    draw: 'Your opponent offers a draw',
    takeback: 'Your opponent asks to take back a move',
    rematch: 'Your opponent asks for a rematch',
    ended: 'The game is over',
    fox: 'The fox wins',
    geese: 'The geese win',
    drawn: 'Draw',
    open: 'Open the table to answer',
  },
  hu: {
    yourMove: 'Te lépsz',
    lastMove: 'Utolsó lépés: {move}',
    draw: 'Az ellenfeled döntetlent ajánl',
    takeback: 'Az ellenfeled visszalépést kér',
    rematch: 'Az ellenfeled visszavágót kér',
    ended: 'A játszma véget ért',
    fox: 'A róka nyert',
    geese: 'A libák nyertek',
    drawn: 'Döntetlen',
    open: 'Nyisd meg az asztalt a válaszhoz',
  },
  pl: {
    yourMove: 'Twój ruch',
    lastMove: 'Ostatni ruch: {move}',
    draw: 'Przeciwnik proponuje remis',
    takeback: 'Przeciwnik prosi o cofnięcie ruchu',
    rematch: 'Przeciwnik proponuje rewanż',
    ended: 'Partia skończona',
    fox: 'Wygrywa lis',
    geese: 'Wygrywają gęsi',
    drawn: 'Remis',
    open: 'Otwórz stół, aby odpowiedzieć',
  },
  ru: {
    yourMove: 'Ваш ход',
    lastMove: 'Последний ход: {move}',
    draw: 'Соперник предлагает ничью',
    takeback: 'Соперник просит вернуть ход',
    rematch: 'Соперник предлагает реванш',
    ended: 'Партия окончена',
    fox: 'Лиса победила',
    geese: 'Гуси победили',
    drawn: 'Ничья',
    open: 'Откройте стол, чтобы ответить',
  },
};

/** The words for a browser language ('pl-PL' -> Polish), English otherwise. */
const wordsFor = (language = 'en'): Words =>
  WORDS[language.slice(0, 2).toLowerCase() as keyof typeof WORDS] ?? WORDS.en;

/** The payload of a push, or null when it is not one of ours. */
function readPayload(text: string | null): Payload | null {
  try {
    const value = JSON.parse(text ?? '') as Partial<Payload>;
    const known = value.type === 'your-move' || value.type === 'offer' || value.type === 'ended';
    return known && typeof value.table === 'string' && /^[A-Za-z0-9_-]+$/.test(value.table) ? (value as Payload) : null;
  } catch {
    return null;
  }
}

/** The notification for a payload. */
function notificationFor(payload: Payload, language?: string): NotificationShown {
  const w = wordsFor(language);
  let title = w.yourMove;
  let body = payload.move ? w.lastMove.replace('{move}', payload.move) : '';
  if (payload.type === 'offer') {
    title = w[payload.offer ?? 'draw'];
    body = w.open;
  } else if (payload.type === 'ended') {
    title = w.ended;
    const winner = payload.result?.winner;
    body = winner === 'fox' ? w.fox : winner === 'geese' ? w.geese : w.drawn;
  }
  const url = `/t/${payload.table}`;
  return { title, options: { body, tag: `fg-table-${payload.table}`, icon: '/icons/icon-192.png', data: { url } } };
}

/** The app's window showing a table, if one is open. */
const windowAt = (clients: readonly PushClient[], scope: PushScope, url: string): PushClient | undefined =>
  clients.find((c) => c.url.split(/[?#]/)[0] === scope.location.origin + url);

/** `push`: shows the payload's notification, unless the table's page is open and in front. */
export async function handlePush(scope: PushScope, text: string | null): Promise<NotificationShown | null> {
  const payload = readPayload(text);
  if (!payload) return null;
  // The page's language (?lang= or its picker), kept for the worker; else the browser's.
  const language = (await chosenLanguage(scope.caches)) ?? scope.navigator.language;
  const shown = notificationFor(payload, language);
  const clients = await scope.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windowAt(clients, scope, shown.options.data.url);
  if (open?.focused && open.visibilityState === 'visible') return null;
  await scope.registration.showNotification(shown.title, shown.options);
  return shown;
}

/** `notificationclick`: focuses the table's open page, or opens it. */
export async function handleNotificationClick(
  scope: PushScope,
  notification: { close(): void; readonly data?: unknown },
): Promise<void> {
  notification.close();
  const url = (notification.data as { url?: unknown } | undefined)?.url;
  const path = typeof url === 'string' && url.startsWith('/t/') ? url : '/';
  const clients = await scope.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windowAt(clients, scope, path);
  if (open) await open.focus();
  else await scope.clients.openWindow(path);
}

/** An event that can keep the worker alive until its work is done. */
interface WaitingEvent {
  waitUntil(work: Promise<unknown>): void;
}

/** Adds both handlers to a worker's global scope (`sw.ts` calls it through `import './push'`). */
export function installPushHandlers(
  scope: PushScope & { addEventListener(type: string, listener: (event: never) => void): void },
): void {
  scope.addEventListener('push', (event: WaitingEvent & { readonly data: { text(): string } | null }) =>
    event.waitUntil(handlePush(scope, event.data?.text() ?? null)),
  );
  scope.addEventListener(
    'notificationclick',
    (event: WaitingEvent & { readonly notification: { close(): void; readonly data?: unknown } }) =>
      event.waitUntil(handleNotificationClick(scope, event.notification)),
  );
}
