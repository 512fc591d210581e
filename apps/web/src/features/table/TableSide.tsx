// The side column of the table page: clocks (or a correspondence game's time left), the player's controls,
// the summary, the moves, the tools, Notify me, typed moves, the seats and the invitation. What comes and goes
// here never moves the board (beside it on a wide screen, below it on a phone).
import { opponent } from '@fg/rules';

import { AnalyseGameButton } from '../../components/AnalyseGameButton';
import { GameReviewPanel } from '../../components/review/GameReviewPanel';
import { MoveList } from '../../components/review/MoveList';
import type { GameReview } from '../../components/review/use-game-review';
import { LazySolutionPanel } from '../../components/solution/LazySolutionPanel';
import type { Grade } from '../../lib/judgement';
import { SOLVED_GAME } from '../../lib/solution/stored';
import { ChatPanel } from './ChatPanel';
import { ClockPanel } from './ClockPanel';
import { DeadlineLine } from './DeadlineLine';
import { GameControls } from './GameControls';
import { GameSummary } from './GameSummary';
import { InviteSection } from './InviteSection';
import { NotifyButton } from './NotifyButton';
import { SeatsPanel } from './SeatsPanel';
import { TableTools } from './TableTools';
import { TypedMove } from './TypedMove';
import type { TablePageState } from './use-table-page';

/** Everything beside the board. */
export function TableSide({ id, page }: { id: string; page: TablePageState }) {
  const { live, shown, side, review, canMove } = page;
  const { table, game, role } = shown;
  const { state } = live;
  return (
    <aside className="table-page__side">
      {table?.clock && (
        <ClockPanel
          clock={table.clock}
          at={state.clockAt}
          viewer={side}
          variant={table.variant}
          ply={table.ply}
          playing={table.status === 'playing'}
        />
      )}
      {table && <DeadlineLine table={table} />}
      {table && side && (
        <GameControls
          table={table}
          side={side}
          abandonSeconds={state.abandonSeconds}
          awaySince={state.awaySince[opponent(side)]}
          send={live.send}
          online={live.link === 'online'}
        />
      )}
      {table && game && table.result && <GameSummary table={table} game={game} />}
      {table && game && table.result && game.variant.id === SOLVED_GAME && <LazySolutionPanel after />}
      {table && <AnalyseGameButton table={table} player={side} />}
      {table && game && (
        <MoveList
          moves={table.moves}
          firstSide={game.variant.firstSide}
          variant={table.variant}
          shownPly={review.shownPly}
          onShow={review.show}
          marks={marksOf(page.judged)}
        />
      )}
      {table?.result && game && page.judged.source && (
        <GameReviewPanel
          review={page.judged}
          viewer={side}
          variant={table.variant}
          shown={review.shownPly ?? table.moves.length}
          onShow={(ply) => review.show(ply >= table.moves.length ? null : ply)}
        />
      )}
      {table && <TableTools id={id} flipped={page.flipped} onFlip={page.flip} player={side !== null} />}
      {table && side && !table.result && <NotifyButton notify={page.notify} online={live.link === 'online'} />}
      {game && canMove && <TypedMove game={game} onMove={page.requestMove} />}
      {table && role && (
        <ChatPanel
          role={role}
          rooms={state.chat}
          online={live.link === 'online'}
          error={state.chatError}
          say={live.say}
        />
      )}
      {table && <SeatsPanel table={table} role={role} connected={live.link === 'online'} />}
      {table && <InviteSection id={id} side={side} />}
    </aside>
  );
}

/** The judged moves' grades by index, for the move list. */
function marksOf(judged: GameReview): ReadonlyMap<number, Grade> {
  const marks = new Map<number, Grade>();
  for (const m of judged.moves) if (m.judgement.grade) marks.set(m.ply, m.judgement.grade);
  return marks;
}
