// `/play/offline`: a game against the computer with no server. The engine runs in the page's
// worker at the same levels as the server's computer; the game is kept in IndexedDB after every
// move, so a reload or a closed tab continues it; the record can be downloaded.
import '../../components/board-page.css';

import { PERFECT_LEVEL } from '@fg/protocol/vocabulary';
import { moveTexts, opponent, playPoints } from '@fg/rules';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';

import { AnalyseGameButton } from '../../components/AnalyseGameButton';
import { ConfirmButton } from '../../components/ConfirmButton';
import { GameBoard } from '../../components/game-board/GameBoard';
import { gameAt } from '../../components/game-board/move-entry';
import { VariantName } from '../../components/PhoneShort';
import { MoveList } from '../../components/review/MoveList';
import { ReviewBar } from '../../components/review/ReviewBar';
import { LazySolutionPanel } from '../../components/solution/LazySolutionPanel';
import { EngineWorker, recordOf } from '../../engine/engine-worker';
import { newOfflineGame, offlineRecord, offlineResult, replayOffline } from '../../lib/offline-game';
import { loadOfflineGame, type OfflineGame, saveOfflineGame } from '../../lib/offline-store';
import { perfectMove } from '../../lib/perfect-move';
import { resultText } from '../../lib/result-text';
import { SOLVED_GAME } from '../../lib/solution/stored';
import { useReview } from '../../lib/use-review';

/** Starts the download of the record text. */
function downloadText(text: string, name: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** The offline game page. */
export default function OfflineGamePage() {
  const { t } = useTranslation(['common', 'variants']);
  const [kept, setKept] = useState<OfflineGame | null | undefined>(undefined); // undefined: still reading
  const [engine] = useState(() => new EngineWorker());
  useEffect(() => () => engine.terminate(), [engine]);
  useEffect(() => {
    void loadOfflineGame().then(setKept, () => setKept(null));
  }, []);
  const keep = (next: OfflineGame): void => {
    setKept(next);
    void saveOfflineGame(next);
  };
  const game = useMemo(() => (kept ? replayOffline(kept) : null), [kept]);
  const result = kept && game ? offlineResult(kept, game) : null;
  const computerTurn = !!(kept && game && !result && game.position.turn !== kept.player);
  const review = useReview(kept?.moves.length ?? 0); // the move list and the arrow keys look back, as on a table

  useEffect(() => {
    if (!computerTurn || !kept || !game) return;
    let live = true;
    const move =
      kept.level === PERFECT_LEVEL
        ? perfectMove(game, (level) => engine.choose(recordOf(game), level))
        : engine.choose(recordOf(game), kept.level);
    move.then(
      (move) => live && keep({ ...kept, moves: [...kept.moves, move] }),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [computerTurn, kept, game, engine]);
  useEffect(() => {
    document.title = `${t('offline.heading')} · ${t('app.name')}`;
  }, [t]);

  if (kept === undefined) return <div className="loading" aria-busy="true" />;
  if (!kept || !game) {
    return (
      <div className="page">
        <h1>{t('offline.heading')}</h1>
        <p role="status">{t('offline.none')}</p>
        <Link to="/">{t('offline.back')}</Link>
      </div>
    );
  }
  const computer = opponent(kept.player);
  const reviewing = review.shownPly !== null;
  const shown = reviewing ? gameAt(game, review.shownPly) : game;
  const onMove = (path: readonly string[]): void => {
    const played = playPoints(game, path);
    if (played.ok) keep({ ...kept, moves: moveTexts(played.value) });
  };
  const startAgain = (): void => {
    const next = newOfflineGame(kept.variant, kept.player, kept.level, kept.options, kept.start);
    if (next) keep(next);
  };
  return (
    <div className="page table-page offline-game" data-offline-game={kept.started}>
      <header className="table-page__header">
        <h1>
          <VariantName t={t} variant={kept.variant} />
        </h1>
      </header>
      <p className="status" role="status">
        {result
          ? resultText(t, result as Parameters<typeof resultText>[1])
          : computerTurn
            ? t('offline.thinking')
            : t(`status.yourTurn.${kept.player}`)}
      </p>
      <div className="table-page__body">
        <div className="table-page__board">
          <GameBoard
            game={shown}
            canMove={!result && !computerTurn && !reviewing}
            onMove={onMove}
            side={reviewing ? null : kept.player}
            playing={!result}
            bar={
              reviewing ? (
                <ReviewBar
                  shownPly={review.shownPly}
                  moves={kept.moves}
                  seenPly={review.seenPly}
                  onShow={review.show}
                />
              ) : (
                <p className="muted you-play">{t(`table.youPlay.${kept.player}`)}</p>
              )
            }
          />
        </div>
        <aside className="table-page__side">
          <section className="panel seats">
            <ul>
              <li className="seat">
                <span className={`seat__icon seat__icon--${computer}`} aria-hidden="true" />
                <span className="seat__side">{t(`side.${computer}`)}</span>{' '}
                <span className="seat__state">
                  {kept.level === PERFECT_LEVEL ? t('offline.seatPerfect') : t('offline.seat', { level: kept.level })}
                </span>
              </li>
            </ul>
            {/* A game begun on the analysis board may have a server: only the start position's game says none answers. */}
            <p className="muted">{t(kept.start === undefined ? 'offline.lead' : 'offline.leadFrom')}</p>
          </section>
          <div className="controls">
            {!result && (
              <ConfirmButton
                label={t('offline.resign')}
                question={t('controls.resignQuestion')}
                confirm={t('controls.confirmResign')}
                danger
                onConfirm={() => keep({ ...kept, resigned: true })}
              />
            )}
            {result ? (
              <button type="button" onClick={startAgain}>
                {t('offline.newGame')}
              </button>
            ) : (
              // A new game gives this one up: asked first, as Resign is.
              <ConfirmButton
                label={t('offline.newGame')}
                question={t('offline.newGameQuestion')}
                confirm={t('offline.confirmNewGame')}
                onConfirm={startAgain}
              />
            )}
            {kept.start === undefined && ( // a record has no start position: only games from the variant's start
              <button
                type="button"
                className="secondary"
                onClick={() =>
                  downloadText(offlineRecord(kept, game), `fox-and-geese-${kept.started.slice(0, 10)}.txt`)
                }
              >
                {t('tools.download')}
              </button>
            )}
          </div>
          <AnalyseGameButton
            table={{
              id: null,
              variant: kept.variant,
              options: kept.options,
              moves: kept.moves,
              result,
              ...(kept.start !== undefined ? { start: kept.start } : {}),
            }}
            player={kept.player}
          />
          <MoveList
            moves={kept.moves}
            firstSide={game.start.turn}
            variant={kept.variant}
            shownPly={review.shownPly}
            onShow={review.show}
          />
          {result && kept.variant === SOLVED_GAME && <LazySolutionPanel after />}
        </aside>
      </div>
    </div>
  );
}
