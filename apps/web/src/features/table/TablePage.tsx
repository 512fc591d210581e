// The table page: only the composition of its parts; its state is one hook (use-table-page). A header
// and a status line of kept heights, then the board (a bar of kept height above it, banners laid over
// it) beside the notices, clocks, controls and moves: nothing that comes and goes moves the board.
import '../../components/board-page.css';
import './table.css';

import { useTranslation } from 'react-i18next';
import { useParams } from 'wouter';

import { NotFound } from '../../components/NotFound';
import { VariantName } from '../../components/PhoneShort';
import { announcement, statusText } from './status-text';
import { TableBoardArea } from './TableBoardArea';
import { TableNotices } from './TableNotices';
import { TableOffline } from './TableOffline';
import { TableSide } from './TableSide';
import { useUnreachable } from './unreachable';
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
  const { live, side, sent } = page;
  const { state } = live;
  const { role } = state;
  const { table } = page.shown; // with the sent move drawn as played
  const unreachable = useUnreachable(live.link, state.welcomes);
  if (live.notFound) return <NotFound title={t('table.notFound')} />;

  return (
    <div className="page table-page">
      <header className="table-page__header">
        <h1>{table ? <VariantName t={t} variant={table.variant} /> : t('table.loading')}</h1>
        <p className={`connection connection--${live.link}`} data-connection={live.link}>
          <span className="connection__dot" aria-hidden="true" />
          <span className="connection__words">
            {t(
              state.welcomes > 0 || live.link !== 'reconnecting' ? `connection.${live.link}` : 'connection.connecting',
            )}
          </span>
        </p>
      </header>
      <p className="status" role="status">
        {unreachable && !table ? t(`status.unreachable.${unreachable}`) : statusText(t, table, role, !page.lost)}
      </p>
      {unreachable && <TableOffline reason={unreachable} variant={table} />}
      <div className="visually-hidden" aria-live="polite">
        {announcement(t, state)}
      </div>
      {(table || !unreachable) && (
        <div className="table-page__body">
          <TableBoardArea page={page} />
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
          <TableSide id={id} page={page} />
        </div>
      )}
    </div>
  );
}
