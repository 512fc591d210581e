// The table page: only the composition of its parts; its state is one hook (use-table-page). The
// friend's seat comes first, then the board (with the chain bar or the review bar above it) beside
// the clocks, controls and moves.
import './table.css';

import { useTranslation } from 'react-i18next';
import { useParams } from 'wouter';

import { NotFound } from '../../components/NotFound';
import { JoinBanner } from './JoinBanner';
import { announcement, statusText } from './status-text';
import { TableBoardArea, YouPlay } from './TableBoardArea';
import { TableNotices } from './TableNotices';
import { TableSide } from './TableSide';
import { useTablePage } from './use-table-page';

/** The route `/t/:id`, keyed by id so a rematch starts afresh. */
export default function TableRoute() {
  const { id = '' } = useParams();
  return <TablePage key={id} id={id} />;
}

/** One table, for a player or a spectator. */
function TablePage({ id }: { id: string }) {
  const { t } = useTranslation(['common', 'variants']);
  const page = useTablePage(id);
  const { live, side, sent, shownGame, reviewing } = page;
  const { state, connection } = live;
  const { role } = state;
  const { table } = page.shown; // with the sent move drawn as played
  if (live.notFound) return <NotFound title={t('table.notFound')} />;
  const inBoardBar = shownGame !== null && side !== null && !reviewing;

  return (
    <div className="page table-page">
      <header className="table-page__header">
        <h1>{table ? t(`variants:${table.variant}.name`, { defaultValue: table.variant }) : t('table.loading')}</h1>
        <p className={`connection connection--${connection}`}>
          <span className="connection__dot" aria-hidden="true" />
          {t(`connection.${connection}`)}
        </p>
      </header>
      <p className="status" role="status">
        {statusText(t, table, role)}
      </p>
      {!inBoardBar && <YouPlay side={side} />}
      {table && role === 'spectator' && <JoinBanner table={table} sit={live.sit} />}
      <div className="visually-hidden" aria-live="polite">
        {announcement(t, state)}
      </div>
      <TableNotices
        t={t}
        state={state}
        side={side}
        takenBack={sent.takenBack}
        onDismiss={() => {
          sent.dismiss();
          live.dismissError();
        }}
      />
      <div className="table-page__body">
        <TableBoardArea page={page} />
        <TableSide id={id} page={page} />
      </div>
    </div>
  );
}
