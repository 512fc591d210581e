// The friend's moment: whoever opens the link while a seat is free sees "Take the … seat" first,
// above the board (in the bar of kept height), on every screen size. The seat is taken only by this
// deliberate click. A failure to sit is said in the heading's place, beside the button to try again.
import type { TableView } from '@fg/protocol';
import { type Side, SIDES } from '@fg/rules';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { ErrorNotice } from '../../components/ErrorNotice';
import { sideWord } from '../../lib/side-word';

/** Props of the join banner. */
export interface JoinBannerProps {
  readonly table: TableView;
  readonly sit: (side: Side) => Promise<string | null>; // null on success, else an error code
}

/** The free seats offered to a visitor, with who already waits. */
export function JoinBanner({ table, sit }: JoinBannerProps) {
  const { t } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const free = SIDES.filter((side) => !table.seats[side].taken);
  if (free.length === 0 || table.status === 'finished') return null;
  const waiting = SIDES.find((side) => table.seats[side].taken);
  return (
    <section className="join-banner" aria-labelledby="join-heading">
      {/* A failure to sit takes the heading's place; the heading stays for screen readers. */}
      <h2 id="join-heading" className={error ? 'visually-hidden' : undefined}>
        {waiting ? t('join.heading', { context: waiting }) : t('join.headingEmpty')}
      </h2>
      <ErrorNotice code={error} />
      <div className="join-banner__buttons">
        {free.map((side) => (
          <button
            key={side}
            type="button"
            className="join-banner__take"
            disabled={busy}
            onClick={() => {
              setBusy(true);
              void sit(side).then((code) => {
                setBusy(false);
                setError(code);
              });
            }}
          >
            <span className={`seat__icon seat__icon--${side}`} aria-hidden="true" />
            {t(`seats.take.${sideWord(side, table.variant)}`)}
          </button>
        ))}
      </div>
    </section>
  );
}
