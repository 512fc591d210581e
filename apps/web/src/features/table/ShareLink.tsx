// A link to hand on, with a Copy button that works with or without the clipboard API.
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { copyText } from '../../lib/copy-text';

/** Props of a share link. */
export interface ShareLinkProps {
  readonly label: string; // the visible label of the field
  readonly url: string;
  readonly copyLabel?: string; // the button's name; "Copy link" by default
}

/** A read-only link field with a copy button. */
export function ShareLink({ label, url, copyLabel }: ShareLinkProps) {
  const { t } = useTranslation();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState(false);
  return (
    <div className="share">
      <label htmlFor={id}>{label}</label>
      <div className="share__row">
        <input id={id} ref={input} readOnly value={url} onFocus={(e) => e.currentTarget.select()} />
        <button
          type="button"
          onClick={() => {
            void copyText(url, input.current).then((ok) => {
              setCopied(ok);
              setTimeout(() => setCopied(false), 2000);
            });
          }}
        >
          {copyLabel ?? t('share.copy')}
        </button>
      </div>
      <span className="share__copied" aria-live="polite">
        {copied ? t('share.copied') : ''}
      </span>
    </div>
  );
}
