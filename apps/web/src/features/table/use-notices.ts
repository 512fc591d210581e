// Notices outside the page's own text: the tab title while it is the viewer's move, short sounds for a
// move, the opponent joining and the end (each only for what happens while the page is open), and
// while the tab is hidden a favicon mark (always) and a browser notification (when allowed) for news
// the player has not seen: its move, an offer to answer, the end (not what was there on arrival).
import type { Role, TableView } from '@fg/protocol';
import { opponent } from '@fg/rules';
import type { TFunction } from 'i18next';
import { useEffect, useRef } from 'react';

import { resultText } from '../../lib/result-text';
import { playSound } from '../../lib/sound-switch';
import { markFavicon, notifyIfAllowed } from '../../lib/tab-notice';
import type { TableState } from './table-state';

/** The tab title: "Your move · <game> · Fox and Geese" while it is the viewer's turn in play. */
export function tableTitle(t: TFunction, table: TableView | null, role: Role | null): string {
  const base = t('app.name');
  if (!table) return base;
  const game = t(`variants:${table.variant}.name`, { defaultValue: table.variant });
  // The standard game bears the site's name: said once, not "Fox and Geese · Fox and Geese".
  const place = game === base ? base : `${game} · ${base}`;
  const yours = table.status === 'playing' && !table.result && role === table.turn;
  return yours ? `${t('title.yourMove')} · ${place}` : place;
}

/** What a hidden tab should tell its player now: its move, an offer to answer, the result, or nothing. */
export function tabNews(t: TFunction, table: TableView | null, role: Role | null): string | null {
  if (!table || (role !== 'fox' && role !== 'geese')) return null;
  if (table.result) return resultText(t, table.result, table.variant);
  if (table.status !== 'playing') return null;
  const other = opponent(role);
  if (table.takebackOffer === other) return t('offers.takebackBy', { context: other });
  if (table.drawOffer === other) return t('controls.drawOfferedBy', { context: other });
  if (table.turn === role) return t('title.yourMove');
  return null;
}

/** Keeps the title current, plays the notice sounds, and marks a hidden tab. */
export function useNotices(t: TFunction, state: TableState, shown: TableView | null): void {
  const { role } = state;
  const title = tableTitle(t, shown, role);
  useEffect(() => {
    document.title = title;
  }, [title]);

  // A hidden tab: the favicon mark while there is news the player has not seen, and one notification for
  // each. News counts as seen while the tab is shown, and so does what was there when the table arrived.
  const news = tabNews(t, state.table, role);
  const newsKey = news && state.table ? `${state.table.id}:${state.table.ply}:${news}` : null;
  const loaded = state.table !== null;
  const seenNews = useRef<string | null | undefined>(undefined); // undefined until the table arrives
  const notified = useRef<string | null>(null);
  useEffect(() => {
    if (!loaded) return;
    const hidden = (): boolean => document.visibilityState === 'hidden';
    const update = (): void => {
      if (seenNews.current === undefined || !hidden()) seenNews.current = newsKey;
      markFavicon(hidden() && newsKey !== null && newsKey !== seenNews.current);
    };
    update();
    if (news && newsKey && newsKey !== seenNews.current && notified.current !== newsKey) {
      notified.current = newsKey;
      notifyIfAllowed(news, title, newsKey);
    }
    document.addEventListener('visibilitychange', update);
    return () => {
      document.removeEventListener('visibilitychange', update);
      markFavicon(false);
    };
  }, [loaded, news, newsKey, title]);

  // Sounds for what changed since the last render, never for what was there at arrival.
  const seen = useRef<{ ply: number; ended: boolean; joined: string | null } | null>(null);
  const table = state.table;
  const joined = state.joined;
  useEffect(() => {
    if (!table) return;
    const now = { ply: table.ply, ended: table.result !== null, joined };
    const before = seen.current;
    seen.current = now;
    if (!before) return;
    if (now.ended && !before.ended) playSound('end');
    else if (now.ply > before.ply) playSound('move');
    if (now.joined && now.joined !== before.joined && now.joined !== role) playSound('join');
  }, [table, joined, role]);
}
