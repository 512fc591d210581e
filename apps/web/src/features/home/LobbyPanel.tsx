// The lobby on the home page: listed tables waiting for a player (one click takes the seat) and games to watch.
import './lobby.css';

import type { LobbyTable } from '@fg/protocol';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';

import { ErrorNotice } from '../../components/ErrorNotice';
import { movesPlayed } from '../../components/review/move-number';
import { takeSeat } from '../../lib/api';
import { saveSeat } from '../../lib/seat-store';
import { sideWord } from '../../lib/side-word';
import { titleParts } from './table-title';
import { useLobby } from './use-lobby';

/** The variant's name and its options in words: "Fox and Geese · 15 geese". */
function TableTitle({ table }: { table: LobbyTable }) {
  const { t } = useTranslation(['common', 'variants']);
  const parts = titleParts(t, table);
  // Each part keeps its words together, so a narrow screen breaks the line between parts ("3 days a move" whole).
  return (
    <span className="lobby__title">
      {parts.map((part, i) => (
        <Fragment key={i}>
          {i > 0 && ' · '}
          <span className="lobby__part">{part}</span>
        </Fragment>
      ))}
    </span>
  );
}

/** A waiting table: one click takes its free seat and opens the table. */
function OpenTable({ table }: { table: LobbyTable }) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const side = table.freeSide ?? 'fox';
  const join = async (): Promise<void> => {
    setBusy(true);
    const answer = await takeSeat(table.id, side);
    setBusy(false);
    if (!answer.ok) return setError(answer.code);
    saveSeat(table.id, answer.value.seat);
    navigate(`/t/${table.id}${location.search}`);
  };
  return (
    <li className="lobby__table" data-lobby-table={table.id}>
      <TableTitle table={table} />
      <span className="lobby__meta">{t('lobby.youPlay', { side: t(`side.${sideWord(side, table.variant)}`) })}</span>
      <button type="button" disabled={busy} onClick={() => void join()}>
        {t(`seats.take.${sideWord(side, table.variant)}`)}
      </button>
      <ErrorNotice code={error} />
    </li>
  );
}

/** A game in play: a link to watch it. */
function GameToWatch({ table }: { table: LobbyTable }) {
  const { t } = useTranslation();
  return (
    <li className="lobby__table" data-lobby-table={table.id}>
      <TableTitle table={table} />
      <span className="lobby__meta">
        {t('moves.played', { count: movesPlayed(table.ply) })} · {t('seats.spectators', { count: table.spectators })}
      </span>
      <Link to={`/t/${table.id}${location.search}`}>{t('lobby.watch')}</Link>
    </li>
  );
}

/** Both lists, updating live. */
export function LobbyPanel() {
  const { t } = useTranslation();
  const lobby = useLobby();
  return (
    <section aria-labelledby="lobby-heading" className="lobby">
      <h2 id="lobby-heading">{t('lobby.heading')}</h2>
      <div className="lobby__lists">
        <div>
          <h3>{t('lobby.waiting')}</h3>
          {lobby && lobby.waiting.length === 0 && <p className="lobby__empty">{t('lobby.noneWaiting')}</p>}
          <ul>
            {lobby?.waiting.map((table) => (
              <OpenTable key={table.id} table={table} />
            ))}
          </ul>
        </div>
        <div>
          <h3>{t('lobby.playing')}</h3>
          {lobby && lobby.playing.length === 0 && <p className="lobby__empty">{t('lobby.nonePlaying')}</p>}
          <ul>
            {lobby?.playing.map((table) => (
              <GameToWatch key={table.id} table={table} />
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}
