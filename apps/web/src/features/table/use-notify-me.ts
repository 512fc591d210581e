// Notify me's state: whether the browser can take push, what came of the click (remembered per table once
// on), and the click itself, which alone asks for the permission.
import { useState } from 'react';

import { notifyIsOn, notifyMe, type NotifyOutcome, pushSupported, rememberNotifyOn } from '../../lib/push-subscribe';
import { loadSeat } from '../../lib/seat-store';

/** Notify me for one table. */
export interface NotifyMe {
  readonly supported: boolean; // false: the browser cannot take Web Push, and no button shows
  readonly outcome: NotifyOutcome | null; // null until clicked (or 'on' from an earlier visit)
  readonly busy: boolean;
  readonly turnOn: () => Promise<void>; // call from the click: permission prompts need the gesture
}

/** The state of table `id`'s *Notify me*. */
export function useNotifyMe(id: string): NotifyMe {
  const [outcome, setOutcome] = useState<NotifyOutcome | null>(() => (notifyIsOn(id) ? 'on' : null));
  const [busy, setBusy] = useState(false);
  const turnOn = async (): Promise<void> => {
    const seat = loadSeat(id);
    if (!seat) return;
    setBusy(true);
    const result = await notifyMe(id, seat.token);
    setBusy(false);
    if (result === 'on') rememberNotifyOn(id);
    setOutcome(result);
  };
  return { supported: pushSupported(), outcome, busy, turnOn };
}
