// Notify me, on a table where this browser holds a seat: the permission is asked only on this click
// (the state is use-notify-me's). Whatever stops it is said in words with what to do; a browser that cannot take
// push at all is told so in place of the button.
import { useTranslation } from 'react-i18next';

import type { NotifyMe } from './use-notify-me';

/** The button, then what came of it: on, on its way, or why not and what to do. `online` false while this page's
 * connection is lost: the subscription needs our server, so the button waits, disabled as the game's buttons are. */
export function NotifyButton({ notify, online = true }: { notify: NotifyMe; online?: boolean }) {
  const { t } = useTranslation();
  const { supported, outcome, busy, turnOn } = notify;
  if (outcome === 'on') return <p className="muted notify">{t('notify.on')}</p>;
  const reason = supported ? outcome : 'unsupported';
  return (
    <div className="notify" data-notify={busy ? 'busy' : (reason ?? 'off')}>
      {supported && (
        <button
          type="button"
          className="secondary"
          disabled={busy || !online}
          title={online ? undefined : t('controls.offline')}
          onClick={() => void turnOn()}
        >
          {t('notify.button')}
        </button>
      )}
      {busy && (
        <p className="muted" aria-live="polite">
          {t('notify.busy')}
        </p>
      )}
      {!busy && reason && (
        <div className="notice notify__why" role={outcome ? 'alert' : undefined}>
          <p>{t(`notify.why.${reason}`)}</p>
          <p className="muted">{t(`notify.todo.${reason}`)}</p>
        </div>
      )}
    </div>
  );
}
