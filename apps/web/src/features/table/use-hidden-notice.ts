// v1.2: while the table's tab is open but hidden, what needs the player (its move, an offer to it, the end) is shown
// as a browser notification by the page itself (when the player allowed notifications) and marks the favicon, which
// is unmarked when the tab is shown again.
import type { Role, TableView } from '@fg/protocol';
import { opponent } from '@fg/rules';
import type { TFunction } from 'i18next';
import { useEffect, useRef } from 'react';

import { resultText } from './status-text';

/** What needs the player now, as a key that changes with each new thing, and its words; null for nothing. */
export function attention(
  t: TFunction,
  table: TableView | null,
  role: Role | null,
): { key: string; text: string } | null {
  if (!table || (role !== 'fox' && role !== 'geese')) return null;
  const other = opponent(role);
  if (table.result) return { key: 'ended', text: resultText(t, table.result) };
  if (table.status !== 'playing') return null;
  if (table.drawOffer === other) return { key: `draw:${table.ply}`, text: t(`controls.drawOfferedBy_${other}`) };
  if (table.takebackOffer === other) return { key: `takeback:${table.ply}`, text: t('notify.takeback') };
  if (table.turn === role) return { key: `move:${table.ply}`, text: t('title.yourMove') };
  return null;
}

/** The favicon with a dot in its corner: something waits at this table. */
const MARKED =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 16 16'%3E%3Ccircle cx='8' cy='8' r='7' fill='%23c2561a'/%3E%3Ccircle cx='12' cy='4' r='4' fill='%23d11' stroke='%23fff'/%3E%3C/svg%3E";

/** Shows the notification and marks the favicon for each new thing while the page is hidden. */
export function useHiddenNotice(t: TFunction, table: TableView | null, role: Role | null): void {
  const now = attention(t, table, role);
  const key = now?.key ?? null;
  const text = now?.text ?? '';
  const seen = useRef<string | null | undefined>(undefined);
  const plain = useRef<string | null>(null);
  useEffect(() => {
    const icon = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
    const first = seen.current === undefined;
    const changed = seen.current !== key;
    seen.current = key;
    if (first || !changed || key === null || document.visibilityState !== 'hidden') return;
    if (icon && plain.current === null) {
      plain.current = icon.href;
      icon.href = MARKED;
    }
    if (typeof Notification !== 'undefined' && Notification.permission === 'granted' && table) {
      try {
        new Notification(t('app.name'), { body: text, tag: `fg-table-${table.id}` });
      } catch {
        // Some browsers (Chrome on Android) only let the service worker show notifications.
      }
    }
  }, [key, text, t, table]);
  useEffect(() => {
    const shown = (): void => {
      const icon = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
      if (document.visibilityState !== 'visible' || !icon || plain.current === null) return;
      icon.href = plain.current;
      plain.current = null;
    };
    document.addEventListener('visibilitychange', shown);
    return () => document.removeEventListener('visibilitychange', shown);
  }, []);
}
