// A button whose action cannot be undone (resign, give a game up): the first press asks, the second does it.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** What the button says and does. */
interface ConfirmButtonProps {
  readonly label: string; // 'Resign'
  readonly question: string; // the group's name while asking: 'Resign this game?'
  readonly confirm: string; // the button that does it: 'Confirm resignation'
  readonly danger?: boolean; // drawn in the warning colour (resign); else as a secondary button
  readonly disabledWhy?: string | null; // disabled, with this as its title (why it cannot be pressed now)
  readonly onConfirm: () => void;
}

/** Asks before acting: the press shows the confirming button and Cancel in its place. */
export function ConfirmButton({
  label,
  question,
  confirm,
  danger = false,
  disabledWhy = null,
  onConfirm,
}: ConfirmButtonProps) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState(false);
  if (!asking || disabledWhy !== null)
    return (
      <button
        type="button"
        className={danger ? 'danger' : 'secondary'}
        disabled={disabledWhy !== null}
        title={disabledWhy ?? undefined}
        onClick={() => setAsking(true)}
      >
        {label}
      </button>
    );
  return (
    <span className="controls__confirm" role="group" aria-label={question}>
      <button
        type="button"
        className={danger ? 'danger danger--solid' : undefined}
        onClick={() => {
          setAsking(false);
          onConfirm();
        }}
      >
        {confirm}
      </button>
      <button type="button" className="secondary" onClick={() => setAsking(false)}>
        {t('board.cancel')}
      </button>
    </span>
  );
}
