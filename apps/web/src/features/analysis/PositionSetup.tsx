// Setting up a position by its text (docs/rules.md position text), and analysing from the shown one.
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The position field: shows the shown position's text; "Set up" analyses the text typed. */
export function PositionSetup({
  shown,
  error,
  onSetUp,
}: {
  shown: string;
  error: string | null;
  onSetUp: (text: string) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [typed, setTyped] = useState<{ shown: string; text: string } | null>(null);
  const text = typed?.shown === shown ? typed.text : shown;
  // The form is the page's last panel: on a phone its reason would appear below the screen's bottom, unseen.
  const reason = useRef<HTMLParagraphElement>(null);
  // Panels above it (the engine's lines) may still grow while the page settles, pushing the reason down again:
  // it is kept in view through the next two seconds of layout changes.
  useEffect(() => {
    const shown = reason.current;
    if (!error || !shown) return;
    const bring = () => shown.scrollIntoView?.({ block: 'nearest' });
    bring();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(bring);
    observer.observe(document.body);
    const stop = setTimeout(() => observer.disconnect(), 2000);
    return () => {
      clearTimeout(stop);
      observer.disconnect();
    };
  }, [error]);
  return (
    <form
      className="panel position-setup"
      onSubmit={(event) => {
        event.preventDefault();
        onSetUp(text.trim());
      }}
    >
      <label htmlFor={`${id}-position`}>{t('analysis.position')}</label>
      <div className="position-setup__row">
        <input
          id={`${id}-position`}
          value={text}
          spellCheck={false}
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-reason` : undefined}
          onChange={(e) => setTyped({ shown, text: e.target.value })}
        />
        <button type="submit">{t('analysis.setUp')}</button>
      </div>
      {error && (
        <p className="notice notice--error" role="alert" id={`${id}-reason`} ref={reason}>
          {error}
        </p>
      )}
    </form>
  );
}
