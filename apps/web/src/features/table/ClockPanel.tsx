// Both clocks beside the board, counting down smoothly from the server's last word; the low one highlighted.
import type { ClockView } from '@fg/protocol';
import { type Side, SIDES } from '@fg/rules';
import { useTranslation } from 'react-i18next';

import { sideName } from '../../lib/side-word';
import { useNow } from '../../lib/use-now';
import { formatClock, isLow, msLeft } from './clock-time';

/** Props of the clocks. */
export interface ClockPanelProps {
  readonly clock: ClockView;
  readonly at: number; // performance.now() when the clock arrived
  readonly viewer: Side | null; // the viewer's side, drawn last (nearest the player)
  readonly variant: string; // names the fox side: 'Foxes' in two-foxes
  readonly ply?: number; // moves played: no clock runs before each side's first move (protocol)
  readonly playing?: boolean;
}

/** The two clocks; `data-clock` holds the side, the text the time left. */
export function ClockPanel({ clock, at, viewer, variant, ply = 0, playing = false }: ClockPanelProps) {
  const { t } = useTranslation();
  const now = useNow(clock.running ? 100 : null);
  const order: readonly Side[] = viewer === 'fox' ? ['geese', 'fox'] : viewer === 'geese' ? ['fox', 'geese'] : SIDES;
  return (
    <div className="clocks" aria-label={t('clock.heading')} role="group">
      {order.map((side) => {
        const ms = msLeft(clock, side, at, clock.running ? Math.max(now, at) : at);
        const classes = ['clock', clock.running === side && 'clock--running', isLow(clock, ms) && 'clock--low']
          .filter(Boolean)
          .join(' ');
        return (
          <div key={side} className={classes}>
            <span className="clock__side">{sideName(t, side, variant)}</span>
            <span className="clock__time" data-clock={side} role="timer" aria-live="off">
              {formatClock(ms)}
            </span>
          </div>
        );
      })}
      {/* the clocks wait for each side's first move; a first move that does not come aborts the game. */}
      {playing && ply < 2 && !clock.running && (
        <p className="clocks__note muted" data-clock-note="waiting">
          {t('clock.waiting')}
        </p>
      )}
    </div>
  );
}
