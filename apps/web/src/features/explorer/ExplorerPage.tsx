// The explorer, `/explorer/:variant?<options>&position=<text>&players=<all|people|computer>`: for every legal move of
// the position, how often this server's finished games played it and how they ended, beside its exact verdict where
// the solution is installed; the most played losing move marked. A move clicked (in the list or on the board) opens
// the position after it, as a new address, so the browser's Back steps back.
import '../../components/board-page.css';
import './explorer.css';

import {
  type Game,
  getVariant,
  makePosition,
  moveTexts,
  newGame,
  parsePosition,
  playMoveText,
  playPoints,
  type Side,
} from '@fg/rules';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams, useSearch } from 'wouter';

import { GameBoard } from '../../components/game-board/GameBoard';
import { NotFound } from '../../components/NotFound';
import { PhoneShort, shortName } from '../../components/PhoneShort';
import { MoveGroups } from '../../components/review/MoveGroups';
import { analysisPath } from '../../lib/analysis-url';
import {
  bestResult,
  commonestLosing,
  type ExplorerMove,
  explorerPath,
  PLAYERS,
  type Players,
  playersOf,
  useExplorer,
} from '../../lib/explorer-api';
import { readableMoves } from '../../lib/readable-moves';

/** Parameters of the address that are not the variant's options. */
const NOT_OPTIONS = ['position', 'players', 'lang'];

/** What an address asks the explorer to show. */
interface ExplorerAddress {
  readonly game: Game; // the position, as a game from it
  readonly position: string; // its text
  readonly players: Players;
}

/** The address's variant, position and players, or the reason it names none. */
function readExplorerAddress(variantId: string, search: string): ExplorerAddress | { readonly error: string } {
  const params = new URLSearchParams(search);
  const options: Record<string, unknown> = {};
  for (const [name, value] of params)
    if (!NOT_OPTIONS.includes(name))
      options[name] = value === 'true' ? true : value === 'false' ? false : /^\d+$/.test(value) ? Number(value) : value;
  const variant = getVariant(variantId, options);
  if (!variant.ok) return { error: variant.error.message };
  const text = params.get('position');
  const parsed = text ? parsePosition(variant.value, text) : null;
  if (parsed && !parsed.ok) return { error: parsed.error.message };
  const game = newGame(variant.value, parsed?.value);
  return {
    game,
    position: makePosition(variant.value.board, game.position),
    players: playersOf(params.get('players')),
  };
}

/** The route. */
export default function ExplorerRoute() {
  const { variant = '' } = useParams();
  const search = useSearch();
  const { t } = useTranslation();
  const address = useMemo(() => readExplorerAddress(variant, search), [variant, search]);
  if ('error' in address) return <NotFound title={t('explorer.badAddress')} detail={address.error} />;
  return <Explorer {...address} />;
}

/** A share of games as a whole percentage. */
const percent = (part: number, whole: number): string => `${Math.round((part / whole) * 100)}%`;

/** The page of one position. */
function Explorer({ game, position, players }: ExplorerAddress) {
  const { t } = useTranslation(['common', 'variants']);
  const [, navigate] = useLocation();
  const { variant } = game;
  const state = useExplorer(variant, position, players);
  const mover: Side = game.position.turn;
  const name = t(`variants:${variant.id}.name`, { defaultValue: variant.name });
  useEffect(() => {
    document.title = `${t('explorer.heading')} · ${t('app.name')}`;
  }, [t]);
  const lang = new URLSearchParams(window.location.search).get('lang');
  const go = (text: string | null, who: Players = players): void =>
    navigate(explorerPath(variant, text, who) + (lang ? `&lang=${encodeURIComponent(lang)}` : ''));
  const playText = (move: string): void => {
    const played = playMoveText(game, move);
    if (played.ok) go(makePosition(variant.board, played.value.position));
  };
  const onMove = (path: readonly string[]): void => {
    const played = playPoints(game, path);
    if (played.ok) playText(moveTexts(played.value).at(-1)!);
  };
  const answer = state.status === 'ready' ? state.answer : null;
  const played = answer ? answer.moves.filter((m) => m.games > 0) : [];
  const unplayed = answer ? answer.moves.filter((m) => m.games === 0).map((m) => m.move) : [];
  const best = answer ? bestResult(answer.moves, mover) : undefined;
  const losing = answer ? commonestLosing(answer.moves, mover, best) : null;

  return (
    <div className="page explorer-page">
      <header className="table-page__header">
        <h1>
          <PhoneShort full={t('explorer.title', { name })} short={t('explorer.title', { name: shortName(name) })} />
        </h1>
      </header>
      <p className="status" role="status">
        {game.result
          ? t(game.result.winner ? `result.${game.result.winner}` : 'result.draw')
          : t(`status.turn.${mover}`)}
        {best !== undefined && ` · ${t(best === null ? 'explorer.bestDraw' : `explorer.best.${best}`)}`}
      </p>
      <div className="table-page__body">
        <div className="table-page__board">
          <GameBoard game={game} canMove={!game.result} playing={false} onMove={onMove} />
        </div>
        <aside className="table-page__side">
          <section className="panel explorer" aria-labelledby="explorer-heading">
            <h2 id="explorer-heading">{t('explorer.heading')}</h2>
            <div className="explorer__players" role="group" aria-label={t('explorer.playersLabel')}>
              {PLAYERS.map((who) => (
                <button
                  key={who}
                  type="button"
                  className="explorer__choice"
                  aria-pressed={who === players}
                  onClick={() => go(position, who)}
                >
                  {t(`explorer.players.${who}`)}
                </button>
              ))}
            </div>
            {state.status === 'loading' && <p aria-busy="true">{t('explorer.loading')}</p>}
            {state.status === 'failed' && (
              <p className="explorer__error" role="alert">
                {state.message === null ? t('explorer.offline') : t('explorer.failed', { reason: state.message })}
              </p>
            )}
            {answer && (
              <>
                <p className="explorer__games">{t('explorer.games', { count: answer.games })}</p>
                {played.length > 0 ? (
                  <MoveTable moves={played} mover={mover} losing={losing} onPlay={playText} />
                ) : (
                  <p>{t('explorer.none')}</p>
                )}
                {losing && (
                  <p className="explorer__losing-note" data-losing={losing}>
                    {'✗ '}
                    {t('explorer.commonestLosing', { move: losing })}
                  </p>
                )}
                {unplayed.length > 0 && (
                  <details className="explorer__unplayed">
                    <summary>{t('explorer.unplayed', { count: readableMoves(unplayed).length })}</summary>
                    <MoveGroups moves={unplayed} onPlay={playText} />
                  </details>
                )}
                <p className="explorer__legend">
                  <span className="explorer__swatch explorer__fox" aria-hidden="true" /> {t('explorer.wins.fox')}{' '}
                  <span className="explorer__swatch explorer__draws" aria-hidden="true" /> {t('explorer.draw')}{' '}
                  <span className="explorer__swatch explorer__geese" aria-hidden="true" /> {t('explorer.wins.geese')}.{' '}
                  {t('explorer.legend')}
                </p>
              </>
            )}
          </section>
          <p className="explorer__links">
            {position !== makePosition(variant.board, newGame(variant).position) && (
              <>
                <Link to={explorerPath(variant, null, players)}>{t('explorer.toStart')}</Link>
                {' · '}
              </>
            )}
            <Link to={analysisPath(variant, { position })}>{t('explorer.analyse')}</Link>
          </p>
        </aside>
      </div>
    </div>
  );
}

/** The moves played from the position: games, how they ended (a bar and shares), the verdict after each. */
function MoveTable({
  moves,
  mover,
  losing,
  onPlay,
}: {
  moves: readonly ExplorerMove[];
  mover: Side;
  losing: string | null;
  onPlay: (move: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="table-scroll">
      <table className="explorer__table">
        <thead>
          <tr>
            <th scope="col">{t('explorer.move')}</th>
            <th scope="col">{t('explorer.gamesColumn')}</th>
            <th scope="col">{t('explorer.results')}</th>
            <th scope="col">{t('explorer.verdict')}</th>
          </tr>
        </thead>
        <tbody>
          {moves.map((m) => (
            <tr key={m.move} className={m.move === losing ? 'explorer__losing' : undefined}>
              <td>
                <button type="button" className="explorer__move" onClick={() => onPlay(m.move)}>
                  {m.move}
                </button>
                {m.move === losing && (
                  <span className="explorer__mark" title={t('explorer.commonestLosing', { move: m.move })}>
                    {' ✗'}
                  </span>
                )}
              </td>
              <td className="explorer__number">{m.games}</td>
              <td>
                <span
                  className="explorer__bar"
                  role="img"
                  aria-label={t('explorer.shares', {
                    fox: percent(m.fox, m.games),
                    geese: percent(m.geese, m.games),
                    draws: percent(m.draws, m.games),
                  })}
                >
                  <span className="explorer__fox" style={{ width: percent(m.fox, m.games) }}>
                    {m.fox / m.games >= 0.2 ? percent(m.fox, m.games) : ''}
                  </span>
                  <span className="explorer__draws" style={{ width: percent(m.draws, m.games) }} />
                  <span className="explorer__geese" style={{ width: percent(m.geese, m.games) }}>
                    {m.geese / m.games >= 0.2 ? percent(m.geese, m.games) : ''}
                  </span>
                </span>
              </td>
              <td className={`explorer__verdict explorer__verdict--${verdictClass(m.winner, mover)}`}>
                {m.winner === undefined ? '' : t(m.winner === null ? 'explorer.draw' : `explorer.wins.${m.winner}`)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A verdict's colour from the mover's side. */
const verdictClass = (winner: Side | null | undefined, mover: Side): string =>
  winner === undefined ? 'none' : winner === null ? 'draw' : winner === mover ? 'win' : 'loss';
