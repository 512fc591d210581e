// `/puzzles`: the next puzzle near the player's rating (or of a chosen theme), from the solver's side. A move of
// the line says "Best move!" and the reply follows; any other says "That is not the move" with a retry. A
// solved or failed puzzle moves the rating (kept in this browser); streak mode counts solved puzzles in a row,
// unrated, until the first miss. Offline, puzzles come from the pack kept here and attempts wait to be sent.
import '../../components/board-page.css';
import './puzzles.css';

import { PUZZLE_THEMES, type PuzzleTheme, type PuzzleView } from '@fg/protocol';
import { playPoints } from '@fg/rules';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { GameBoard } from '../../components/game-board/GameBoard';
import { fetchNextPuzzle, fetchPuzzle, fetchPuzzlePack, sendPuzzleAttempt } from '../../lib/api';
import { fromPack, loadPlayer, type PuzzlePlayer, savePlayer, withPlayed, withRating } from '../../lib/puzzle-player';
import { isLineMove, lineAt, puzzleStart } from './puzzle-line';

/** Where the player is in a puzzle. */
type Stage = 'play' | 'right' | 'wrong' | 'solved' | 'failed' | 'shown';

/** How long the reply waits after a right move, so the player sees both. */
const REPLY_MS = 500;

/** The puzzle page. */
/** With no network: the next puzzle of the pack the service worker kept, or none. */
async function offlinePuzzle(player: PuzzlePlayer): Promise<PuzzleView | null> {
  const pack = await fetchPuzzlePack(player.rating.rating, player.browser);
  return pack.ok ? fromPack(pack.value.puzzles, player) : null;
}

export default function PuzzlesPage() {
  const { t } = useTranslation();
  const [player, setPlayer] = useState<PuzzlePlayer>(() => loadPlayer());
  const [theme, setTheme] = useState<PuzzleTheme | ''>('');
  const [streak, setStreak] = useState<number | null>(null); // null: rated play
  const [puzzle, setPuzzle] = useState<PuzzleView | null | undefined>(undefined); // null: none to be had
  const [ply, setPly] = useState(0);
  const [stage, setStage] = useState<Stage>('play');
  const [missed, setMissed] = useState(false); // a wrong move was made: the attempt counts as failed
  const [change, setChange] = useState<number | null>(null);
  const reported = useRef<string | null>(null);
  const asked = useRef(new URLSearchParams(window.location.search).get('id')); // a puzzle linked to, played first
  const keep = useCallback((next: PuzzlePlayer) => {
    setPlayer(next);
    savePlayer(next);
  }, []);
  const start = useMemo(() => (puzzle ? puzzleStart(puzzle) : null), [puzzle]);

  useEffect(() => {
    document.title = `${t('puzzles.heading')} · ${t('app.name')}`;
  }, [t]);

  // Sends the attempts made offline once the server answers, and refills the pack (the service worker keeps it).
  /** The attempts made offline, sent in order (stopping at the first that finds no network); the pack refilled. */
  const sendPending = useCallback(async (): Promise<void> => {
    let current = loadPlayer();
    for (const attempt of current.pending) {
      const sent = await sendPuzzleAttempt(attempt.id, {
        solved: attempt.solved,
        rating: attempt.rating,
        browser: current.browser,
      });
      if (!sent.ok && sent.code === 'network') break;
      current = { ...current, pending: current.pending.filter((a) => a !== attempt) };
      if (sent.ok && sent.value.counted) current = withRating(current, sent.value.player);
    }
    // The service worker keeps the answer: offline, the same request gets it back.
    if (navigator.onLine) {
      const pack = await fetchPuzzlePack(current.rating.rating, current.browser);
      if (pack.ok) current = { ...current, packIds: pack.value.puzzles.map((p) => p.id) };
    }
    keep(current);
  }, [keep]);
  const syncing = useRef(false); // one sync at a time: `online` and a visit may come together
  const sync = useCallback(async (): Promise<void> => {
    if (syncing.current) return;
    syncing.current = true;
    try {
      await sendPending();
    } finally {
      syncing.current = false;
    }
  }, [sendPending]);
  useEffect(() => {
    const onOnline = (): void => void sync();
    const first = setTimeout(onOnline, 0); // after the first render, as a browser event would
    window.addEventListener('online', onOnline);
    return () => {
      clearTimeout(first);
      window.removeEventListener('online', onOnline);
    };
  }, [sync]);

  const next = useCallback(async (): Promise<void> => {
    setPuzzle(undefined);
    const wanted = asked.current;
    asked.current = null;
    const linked = wanted ? await fetchPuzzle(wanted) : null;
    const current = loadPlayer();
    const answer =
      linked && linked.ok
        ? linked
        : await fetchNextPuzzle(current.rating.rating, current.browser, theme === '' ? undefined : theme);
    const found = answer.ok ? answer.value.puzzle : answer.code === 'network' ? await offlinePuzzle(current) : null;
    reported.current = null;
    setPly(0);
    setStage('play');
    setMissed(false);
    setChange(null);
    setPuzzle(found);
  }, [theme]);
  useEffect(() => {
    const first = setTimeout(() => void next(), 0);
    return () => clearTimeout(first);
  }, [next]);

  /** Records the end of a puzzle: rated (now, or later offline), or the streak counted. */
  const finish = async (solved: boolean): Promise<void> => {
    if (!puzzle || reported.current === puzzle.id) return;
    reported.current = puzzle.id;
    let current = withPlayed(loadPlayer(), puzzle.id);
    if (streak !== null) {
      const count = solved ? streak + 1 : streak;
      current = { ...current, bestStreak: Math.max(current.bestStreak, count) };
      setStreak(solved ? count : streak);
      keep(current);
      return;
    }
    const before = current.rating;
    const sent = await sendPuzzleAttempt(puzzle.id, { solved, rating: before, browser: current.browser });
    if (sent.ok) {
      const { puzzle: rating, plays } = sent.value;
      setPuzzle((shown) => (shown && shown.id === puzzle.id ? { ...shown, rating, plays } : shown));
      if (sent.value.counted) {
        current = withRating(current, sent.value.player);
        setChange(Math.round(sent.value.player.rating) - Math.round(before.rating));
      } else setChange(0);
    } else if (sent.code === 'network') {
      current = { ...current, pending: [...current.pending, { id: puzzle.id, solved, rating: before }] };
    }
    keep(current);
  };

  if (puzzle === undefined || (puzzle && !start)) return <div className="loading" aria-busy="true" />;
  const game = start ? lineAt(start, puzzle?.line ?? [], ply) : null;
  const side = puzzle?.side ?? null;
  const streakOver = streak !== null && (stage === 'failed' || stage === 'shown');

  const onMove = (path: readonly string[]): void => {
    if (!puzzle || !game || stage !== 'play') return;
    const played = playPoints(game, path);
    if (!played.ok) return;
    if (!isLineMove(played.value, puzzle.line, ply)) {
      setStage('wrong');
      if (!missed) {
        setMissed(true);
        void finish(false);
      }
      return;
    }
    if (ply + 1 >= puzzle.line.length) {
      setPly(ply + 1);
      setStage(missed ? 'failed' : 'solved');
      if (!missed) void finish(true);
      return;
    }
    setPly(ply + 1);
    setStage('right');
    setTimeout(() => {
      setPly(ply + 2);
      setStage('play');
    }, REPLY_MS);
  };
  const retry = (): void => {
    setStage('play');
  };
  const showSolution = (): void => {
    if (!puzzle) return;
    if (!missed) {
      setMissed(true);
      void finish(false);
    }
    setPly(puzzle.line.length);
    setStage('shown');
  };

  const status = (): string => {
    if (!puzzle) return t('puzzles.none');
    switch (stage) {
      case 'right':
        return t('puzzles.best');
      case 'wrong':
        return t('puzzles.wrong');
      case 'solved':
        return t('puzzles.solved');
      case 'failed':
        return t('puzzles.failed');
      case 'shown':
        return t('puzzles.shown');
      default:
        return ply === 0 ? t(`puzzles.find.${puzzle.side}`) : t('puzzles.keepGoing');
    }
  };
  const done = stage === 'solved' || stage === 'failed' || stage === 'shown';
  return (
    <div className="page table-page puzzles-page" data-puzzle={puzzle?.id ?? ''} data-stage={stage}>
      <header className="table-page__header">
        <h1>{t('puzzles.heading')}</h1>
      </header>
      <p className={`status puzzles-status puzzles-status--${stage}`} role="status">
        {status()}
      </p>
      <div className="table-page__body">
        <div className="table-page__board">
          {game ? (
            <GameBoard
              game={game}
              canMove={stage === 'play'}
              onMove={onMove}
              side={side}
              playing={!done}
              flipped={side === 'fox'}
              bar={<p className="muted you-play">{side ? t(`table.youPlay.${side}`) : ''}</p>}
            />
          ) : null}
        </div>
        <aside className="puzzles-side">
          <section className="puzzles-rating" aria-label={t('puzzles.yourRating')}>
            {streak === null ? (
              <p>
                {t('puzzles.yourRating')}: <strong data-rating>{Math.round(player.rating.rating)}</strong>
                {change !== null && (
                  <span className={change >= 0 ? 'puzzles-up' : 'puzzles-down'} data-rating-change={change}>
                    {' '}
                    {change >= 0 ? `+${change}` : `−${-change}`}
                  </span>
                )}
              </p>
            ) : (
              <p>
                {t('puzzles.streak')}: <strong data-streak>{streak}</strong> · {t('puzzles.bestStreak')}:{' '}
                {player.bestStreak}
              </p>
            )}
            {puzzle && (
              <p className="muted">
                {t('puzzles.puzzleRating', { rating: Math.round(puzzle.rating.rating), count: puzzle.plays })}
              </p>
            )}
            {puzzle && puzzle.themes.length > 0 && (
              <p className="muted">{puzzle.themes.map((th) => t(`puzzles.theme.${th}`)).join(' · ')}</p>
            )}
            {player.pending.length > 0 && (
              <p className="muted">{t('puzzles.pending', { count: player.pending.length })}</p>
            )}
          </section>
          <div className="puzzles-actions">
            {stage === 'wrong' && streak === null && (
              <button type="button" onClick={retry}>
                {t('puzzles.retry')}
              </button>
            )}
            {!done && puzzle && (
              <button type="button" className="secondary" onClick={showSolution}>
                {t('puzzles.showSolution')}
              </button>
            )}
            {(done || !puzzle || (stage === 'wrong' && streak !== null)) && !streakOver && (
              <button type="button" onClick={() => void next()}>
                {t('puzzles.next')}
              </button>
            )}
            {streakOver || (stage === 'wrong' && streak !== null) ? (
              <button type="button" onClick={() => (setStreak(0), void next())}>
                {t('puzzles.streakAgain')}
              </button>
            ) : null}
          </div>
          <label className="puzzles-theme">
            {t('puzzles.themeLabel')}{' '}
            <select value={theme} onChange={(event) => setTheme(event.target.value as PuzzleTheme | '')}>
              <option value="">{t('puzzles.anyTheme')}</option>
              {PUZZLE_THEMES.map((th) => (
                <option key={th} value={th}>
                  {t(`puzzles.theme.${th}`)}
                </option>
              ))}
            </select>
          </label>
          <label className="puzzles-mode">
            <input
              type="checkbox"
              checked={streak !== null}
              onChange={(event) => setStreak(event.target.checked ? 0 : null)}
            />{' '}
            {t('puzzles.streakMode')}
          </label>
        </aside>
      </div>
    </div>
  );
}
