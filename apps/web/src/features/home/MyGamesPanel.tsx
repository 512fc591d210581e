// My games on the home page: every table this browser holds a seat in, "Your move" first, newest first,
// each with the opponent's last move, opened by a click anywhere on its row; then the finished games, kept here as a
// history with their results. This device can forget any game, and "Use on another device" carries them all.
import './my-games.css';

import { opponent } from '@fg/rules';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';

import { ConfirmButton } from '../../components/ConfirmButton';
import { resultText } from '../../lib/result-text';
import { sideWord } from '../../lib/side-word';
import { timeLeftText } from '../../lib/time-left';
import { DeviceLinkPanel } from './DeviceLinkPanel';
import { titleParts } from './table-title';
import { type MyGame, useMyGames } from './use-my-games';

/** What the game waits for, in words. */
function GameState({ game }: { game: MyGame }) {
  const { t } = useTranslation();
  const { table, seat } = game;
  if (table.result) return <span>{resultText(t, table.result, table.variant)}</span>;
  if (table.status === 'waiting') return <span>{t('myGames.waiting')}</span>;
  const deadline = table.deadline ? ` · ${timeLeftText(t, table.deadline, game.readAt)}` : '';
  if (game.yourMove) return <strong>{t('myGames.yourMove') + deadline}</strong>;
  // The status line's own words ("The geese to move"), which agree with their side in every language.
  return <span>{t(`status.turn.${seat.side ? opponent(seat.side) : table.turn}`) + deadline}</span>;
}

/** One game. */
function GameRow({ game, onRemove }: { game: MyGame; onRemove: (id: string) => void }) {
  const { t } = useTranslation(['common', 'variants']);
  const { table, seat } = game;
  // The game and its settings, so that two games of one variant tell apart ("Fox and Geese · 13 geese · 3 days a move").
  const computer = table.seats.fox.computer ?? table.seats.geese.computer;
  const name = titleParts(t, { ...table, computer }).join(' · ');
  // Sides alternate, so the opponent's last move is the last one when it is this seat's move, else the one before.
  const opponentMovedLast = seat.side !== null && table.turn === seat.side;
  const opponentsLast = seat.side === null ? undefined : table.moves.at(opponentMovedLast ? -1 : -2);
  return (
    <li className="my-games__game" data-my-table={game.id} data-your-move={game.yourMove ? 'true' : undefined}>
      <Link to={`/t/${game.id}${location.search}`} className="my-games__title">
        {name}
        {seat.side && (
          <span className="my-games__side">
            {' '}
            · {t('myGames.youPlay', { side: t(`side.${sideWord(seat.side, table.variant)}`) })}
          </span>
        )}
      </Link>
      <span className="my-games__state">
        <GameState game={game} />
      </span>
      {opponentsLast && (
        <span className="my-games__last">
          {t(opponentMovedLast ? 'myGames.lastMove' : 'myGames.opponentsLastMove', { move: opponentsLast })}
        </span>
      )}
      <span className="my-games__remove">
        {table.result ? (
          <button type="button" className="secondary" onClick={() => onRemove(game.id)}>
            {t('myGames.remove')}
          </button>
        ) : (
          // Forgetting a game still played gives its seat up on this device: asked first.
          <ConfirmButton
            label={t('myGames.forget')}
            question={t('myGames.forgetQuestion')}
            confirm={t('myGames.forgetConfirm')}
            onConfirm={() => onRemove(game.id)}
          />
        )}
      </span>
    </li>
  );
}

/** The list, the history below it, and the device link; nothing at all while this browser holds no seat. */
export function MyGamesPanel() {
  const { t } = useTranslation();
  const { games, remove } = useMyGames();
  if (!games || games.length === 0) return null;
  const playing = games.filter((g) => !g.table.result);
  const finished = games.filter((g) => g.table.result);
  return (
    <section aria-labelledby="my-games-heading" className="my-games">
      <h2 id="my-games-heading">{t('myGames.heading')}</h2>
      {playing.length > 0 && (
        <ul>
          {playing.map((game) => (
            <GameRow key={game.id} game={game} onRemove={remove} />
          ))}
        </ul>
      )}
      {finished.length > 0 && (
        <>
          <h3 id="my-games-history">{t('myGames.history')}</h3>
          <ul aria-labelledby="my-games-history" className="my-games__history">
            {finished.map((game) => (
              <GameRow key={game.id} game={game} onRemove={remove} />
            ))}
          </ul>
        </>
      )}
      <DeviceLinkPanel />
    </section>
  );
}
