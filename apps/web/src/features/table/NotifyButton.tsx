// Notify me, on a table where this browser holds a seat: the permission is asked only on this click
// (the state is use-notify-me's).
import { useTranslation } from 'react-i18next';

import type { NotifyMe } from './use-notify-me';

/** The button, then what came of it; nothing where the browser cannot take push. */
export function NotifyButton({ notify }: { notify: NotifyMe }) {
  const { t } = useTranslation();
  const { supported, outcome, busy, turnOn } = notify;
  if (!supported) return null;
  if (outcome === 'on') return <p className="muted notify">{t('notify.on')}</p>;
  return (
    <div className="notify">
      <button type="button" className="secondary" disabled={busy} onClick={() => void turnOn()}>
        {t('notify.button')}
      </button>
      {outcome && <p className="muted">{t(`notify.${outcome}`)}</p>}
    </div>
  );
}
