// The analysis board, `/analysis/:variant?position=…&<options>&moves=…&table=…`: any legal move
// from any position, the engine's evaluation and best line from a worker, the move tree with
// back/forward and keys, the solution's verdict where installed, and a game's marked moves.
import '../../components/board-page.css';
import '../../components/review/review.css';
import './analysis.css';

import { type Game, moveTexts, playMoveText, playPoints, type Side } from '@fg/rules';
import { type Dispatch, type SetStateAction, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams, useSearch } from 'wouter';

import { piecesOf } from '../../components/board/pieces-of';
import { GameBoard } from '../../components/game-board/GameBoard';
import { NotFound } from '../../components/NotFound';
import { PhoneShort, shortName } from '../../components/PhoneShort';
import { GameReviewPanel } from '../../components/review/GameReviewPanel';
import { LearnPanel } from '../../components/review/LearnPanel';
import { movesPlayed } from '../../components/review/move-number';
import { type GameReview, useGameReview } from '../../components/review/use-game-review';
import { type Learn, useLearn } from '../../components/review/use-learn';
import { SolutionPanel } from '../../components/solution/SolutionPanel';
import {
  type AnalysisAddress,
  analysisPath,
  positionText,
  readAddress,
  withLine,
  withoutLine,
} from '../../lib/analysis-url';
import { explorerPath } from '../../lib/explorer-api';
import { firstDecisive } from '../../lib/game-review';
import type { Grade } from '../../lib/judgement';
import { sideWord } from '../../lib/side-word';
import { SOLVED_GAME } from '../../lib/solution/stored';
import { AnalysisMoves, AnalysisSteps, type StepTo } from './AnalysisMoves';
import { EvalPanel } from './EvalPanel';
import { lineTree, movesTo, type MoveTree, play, step } from './move-tree';
import { PlayFromHere } from './PlayFromHere';
import { PositionEditor } from './PositionEditor';
import { PositionSetup } from './PositionSetup';
import { RecordPaste } from './RecordPaste';
import { useEngineLine } from './use-engine-line';
import { useVerdict } from './use-verdict';

/** The route: the address read once per analysis (the line the board writes into it makes no new one). */
export default function AnalysisRoute() {
  const { variant = '' } = useParams();
  const search = useSearch();
  const key = `${variant}?${withoutLine(search)}`;
  const [read, setRead] = useState(() => ({ key, address: readAddress(variant, search) }));
  const { t } = useTranslation();
  if (read.key !== key) {
    setRead({ key, address: readAddress(variant, search) }); // another analysis: React renders again at once
    return null;
  }
  const { address } = read;
  if ('error' in address) return <NotFound title={t('analysis.badAddress')} detail={address.error} />;
  return <AnalysisBoard key={key} address={address} />;
}

/** Keeps the shown line in the address (replacing, not adding, a history entry), so a reload or a link shows it. */
function useLineInAddress(line: readonly string[], gameMoves: readonly string[]): void {
  const text = line.join(',');
  useEffect(() => {
    const search = window.location.search.slice(1);
    const next = withLine(search, text ? text.split(',') : [], gameMoves);
    if (next !== search) window.history.replaceState(window.history.state, '', `${window.location.pathname}?${next}`);
  }, [text, gameMoves]);
}

/** Keys that step through the moves, as in review: not while typing, nor when a board point moved focus with them. */
function useStepKeys(setTree: Dispatch<SetStateAction<MoveTree>>): void {
  useEffect(() => {
    const keys: Record<string, StepTo> = {
      ArrowLeft: 'back',
      ArrowRight: 'forward',
      Home: 'start',
      End: 'end',
    };
    const onKey = (event: KeyboardEvent): void => {
      const target = event.target as HTMLElement | null;
      if (event.defaultPrevented || target?.closest('input, textarea, select')) return;
      const where = keys[event.key];
      if (!where || event.altKey || event.ctrlKey || event.metaKey) return;
      event.preventDefault();
      setTree((tree) => step(tree, where));
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [setTree]);
}

/**
 * Opens a game at its first decisive mistake once the review has found it, unless the address named a line or the
 * board has already been moved: the position after the mistake, where its sentence says what went wrong.
 */
function useOpenAtDecisive(
  review: GameReview,
  address: AnalysisAddress,
  current: number,
  setTree: Dispatch<SetStateAction<MoveTree>>,
): void {
  const untouched = useRef(address.line === null ? current : -1);
  const decisive = review.source === 'solution' || review.complete ? firstDecisive(review.moves) : null;
  useEffect(() => {
    if (untouched.current < 0) return;
    if (current !== untouched.current) {
      untouched.current = -1; // the player moved first: leave the board where it is
      return;
    }
    if (!decisive) return;
    untouched.current = -1;
    setTree((tr) => ({ ...tr, current: decisive.ply + 1 }));
  }, [decisive, current, setTree]);
}

/**
 * Keeps the board on the exercise of "Learn from your mistakes": the position before the marked move when an exercise
 * begins, and again after a wrong try (the try stays in the move list as a variation).
 */
function useLearnBoard(learn: Learn, active: boolean, setTree: Dispatch<SetStateAction<MoveTree>>): void {
  const ply = active ? learn.marked[learn.index]?.ply : undefined;
  const { status, wrongTries } = learn;
  useEffect(() => {
    if (ply === undefined || status === 'checking' || status === 'right' || status === 'answer') return;
    setTree((tr) => ({ ...tr, current: ply }));
  }, [ply, status, wrongTries, setTree]);
}

/** Games already replayed, per set-up position and line of moves. */
const replayed = new WeakMap<Game, Map<string, Game>>();

/** The game after `moves` from `start`, replayed once per line (each from its parent's). */
function gameAfter(start: Game, moves: readonly string[]): Game {
  let known = replayed.get(start);
  if (!known) replayed.set(start, (known = new Map<string, Game>()));
  const key = moves.join(' ');
  const cached = moves.length === 0 ? start : known.get(key);
  if (cached) return cached;
  const before = gameAfter(start, moves.slice(0, -1));
  const played = playMoveText(before, moves[moves.length - 1]!);
  const game = played.ok ? played.value : before;
  known.set(key, game);
  return game;
}

/** The board of one address. */
function AnalysisBoard({ address }: { address: AnalysisAddress }) {
  const { t } = useTranslation(['common', 'variants']);
  const [, navigate] = useLocation();
  const { variant, start } = address;
  const [tree, setTree] = useState(() => {
    const opened = lineTree(address.moves);
    // The line the address names (a reload, a shared link); else a game opens at its end, where it was decided.
    if (address.line) return address.line.reduce(play, opened);
    return step(opened, 'end');
  });
  const [setupError, setSetupError] = useState<string | null>(null);
  const [tool, setTool] = useState<'edit' | 'paste' | null>(null);
  const game = gameAfter(start, movesTo(tree));
  const line = useEngineLine(game);
  const verdict = useVerdict(game);
  const wholeGame = address.moves.length ? gameAfter(start, address.moves) : null;
  const review = useGameReview(wholeGame);
  // The game's moves are the tree's nodes 1..n (lineTree adds them first, in order).
  const marks = useMemo(() => {
    const byNode = new Map<number, Grade>();
    for (const m of review.moves) if (m.judgement.grade) byNode.set(m.ply + 1, m.judgement.grade);
    return byNode;
  }, [review.moves]);
  const [learning, setLearning] = useState<Side | null>(address.learn ? address.player : null);
  const learn = useLearn(review, wholeGame, address.moves, review.complete ? learning : null);
  useOpenAtDecisive(review, address, tree.current, setTree);
  useLearnBoard(learn, learning !== null, setTree);
  const onStep = (where: StepTo): void => setTree((tr) => step(tr, where));
  useStepKeys(setTree);
  useLineInAddress(movesTo(tree), address.moves);
  useEffect(() => {
    document.title = `${t('analysis.heading')} · ${t('app.name')}`;
  }, [t]);

  const exercise = learning ? learn.marked[learn.index] : undefined;
  const onMove = (path: readonly string[]): void => {
    const played = playPoints(game, path);
    if (!played.ok) return;
    const move = moveTexts(played.value).at(-1)!;
    setTree((tr) => play(tr, move));
    // A move from the exercise's position is a try at it.
    if (exercise && tree.current === exercise.ply) learn.attempt(move);
  };
  const onPlayText = (move: string): void => {
    if (playMoveText(game, move).ok) setTree((tr) => play(tr, move));
  };
  const onSetUp = (text: string): void => {
    const next = readAddress(variant.id, analysisPath(variant, { position: text }).split('?')[1]!);
    if ('error' in next) return setSetupError(t('analysis.badPosition', { reason: next.error }));
    setSetupError(null);
    navigate(analysisPath(variant, { position: text }) + languageParam());
  };
  const name = t(`variants:${variant.id}.name`, { defaultValue: variant.name });
  const turn = game.result ? null : game.position.turn;

  return (
    <div className="page analysis-page">
      <header className="table-page__header">
        <h1>
          <PhoneShort full={t('analysis.title', { name })} short={t('analysis.title', { name: shortName(name) })} />
        </h1>
      </header>
      <p className="status" role="status">
        {game.result
          ? t(game.result.winner ? `result.${sideWord(game.result.winner, variant.id)}` : 'result.draw')
          : t(`status.turn.${sideWord(turn!, variant.id)}`)}
        {` · ${t('moves.played', { count: movesPlayed(movesTo(tree).length) })}`}
      </p>
      {tool === 'edit' ? (
        <PositionEditor
          variant={variant}
          initial={{ pieces: piecesOf(game), turn: game.position.turn }}
          onAnalyse={onSetUp}
          onCancel={() => setTool(null)}
        />
      ) : (
        <div className="table-page__body">
          <div className="table-page__board">
            <GameBoard game={game} canMove={!game.result} onMove={onMove} bar={<AnalysisSteps onStep={onStep} />} />
          </div>
          <aside className="table-page__side">
            {wholeGame && learning && (
              <LearnPanel
                learn={learn}
                side={learning}
                variant={variant.id}
                complete={review.complete}
                onAnswer={(ply, move) => setTree((tr) => play({ ...tr, current: ply }, move))}
                onClose={() => setLearning(null)}
              />
            )}
            {wholeGame && !learning && (
              <GameReviewPanel
                review={review}
                viewer={address.player}
                variant={variant.id}
                shown={tree.current <= address.moves.length ? tree.current : null}
                onShow={(ply) => setTree((tr) => ({ ...tr, current: ply }))}
                onTry={(ply, move) => setTree((tr) => play({ ...tr, current: ply }, move))}
                onLearn={setLearning}
              />
            )}
            <EvalPanel game={game} line={line} verdict={verdict} onPlay={onPlayText} />
            <AnalysisMoves
              tree={tree}
              firstSide={start.position.turn}
              variant={variant.id}
              marks={marks}
              onShow={(id) => setTree((tr) => ({ ...tr, current: id }))}
            />
            <section className="panel analysis-tools" aria-labelledby="analysis-tools-heading">
              <h2 id="analysis-tools-heading">{t('analysis.tools')}</h2>
              <div className="analysis-tools__buttons">
                <button type="button" className="secondary" onClick={() => setTool('edit')}>
                  {t('analysis.edit')}
                </button>
                <button
                  type="button"
                  className="secondary"
                  aria-expanded={tool === 'paste'}
                  onClick={() => setTool(tool === 'paste' ? null : 'paste')}
                >
                  {t('analysis.paste')}
                </button>
              </div>
              {tool === 'paste' && <RecordPaste onOpen={(path) => navigate(path + languageParam())} />}
            </section>
            <PlayFromHere game={game} />
            <PositionSetup shown={positionText(game)} error={setupError} onSetUp={onSetUp} />
            <p className="analysis__explorer">
              <Link to={explorerPath(variant, positionText(game))}>{t('explorer.fromAnalysis')}</Link>
            </p>
            {game.variant.id === SOLVED_GAME && <SolutionPanel />}
          </aside>
        </div>
      )}
    </div>
  );
}

/** The ?lang= of the address, kept when the page moves to another analysis. */
function languageParam(): string {
  const lang = new URLSearchParams(window.location.search).get('lang');
  return lang ? `&lang=${encodeURIComponent(lang)}` : '';
}
