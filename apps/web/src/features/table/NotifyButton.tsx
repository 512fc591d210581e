// v1.2 Notify me, on a table where this browser holds a seat: the permission is asked only on this click.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { notifyIsOn, notifyMe, type NotifyOutcome, pushSupported, rememberNotifyOn } from '../../lib/push-subscribe';
import { loadSeat } from '../../lib/seat-store';

/** The button, then what came of it; nothing where the browser cannot take push. */
export function NotifyButton({ id }: { id: string }) {
  const { t } = useTranslation();
  const [outcome, setOutcome] = useState<NotifyOutcome | null>(() => (notifyIsOn(id) ? 'on' : null));
  const [busy, setBusy] = useState(false);
  if (!pushSupported()) return null;
  const click = async (): Promise<void> => {
    const seat = loadSeat(id);
    if (!seat) return;
    setBusy(true);
    const result = await notifyMe(id, seat.token);
    setBusy(false);
    if (result === 'on') rememberNotifyOn(id);
    setOutcome(result);
  };
  if (outcome === 'on') return <p className="muted notify">{t('notify.on')}</p>;
  return (
    <div className="notify">
      <button type="button" className="secondary" disabled={busy} onClick={() => void click()}>
        {t('notify.button')}
      </button>
      {outcome && <p className="muted">{t(`notify.${outcome}`)}</p>}
    </div>
  );
}
