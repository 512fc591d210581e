// The private link that carries this player's seat to another device: never printed on the page,
// only copied or shown as a QR code (drawn in the browser by a library loaded on first use).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { copyText } from '../lib/copy-text';

/** Props of the private link. */
export interface PrivateLinkProps {
  readonly url: string; // https://…/t/<id>#seat=<token>
  readonly words?: { warning: string; copy: string; qrLabel: string }; // another link's words (the device link's)
}

/** Draws a QR code of `text` as an SVG string, loading the QR library only now; null when the text is too long for one. */
async function qrSvg(text: string): Promise<string | null> {
  const { default: qrcode } = await import('qrcode-generator');
  // Level L holds the most (a device link with many games is long); a screen shows it sharp, so little is lost.
  const code = qrcode(0, text.length > 1200 ? 'L' : 'M');
  code.addData(text);
  try {
    code.make();
  } catch {
    return null; // more than a QR code holds: the link is copied instead
  }
  return code.createSvgTag({ cellSize: 4, margin: 2, scalable: true });
}

/** "Copy private link" and "Show QR code", with a one-line warning that the link gives the seat away. */
export function PrivateLink({ url, words }: PrivateLinkProps) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const [qr, setQr] = useState<string | null>(null);
  const [tooLong, setTooLong] = useState(false);
  const said = words ?? {
    warning: t('share.privateWarning'),
    copy: t('share.copyPrivate'),
    qrLabel: t('share.qrLabel'),
  };
  return (
    <div className="private-link">
      <p className="private-link__warning">{said.warning}</p>
      <div className="share__row">
        <button
          type="button"
          className="secondary"
          onClick={() => {
            void copyText(url, null).then((ok) => {
              setCopied(ok);
              setTimeout(() => setCopied(false), 2000);
            });
          }}
        >
          {said.copy}
        </button>
        <button
          type="button"
          className="secondary"
          aria-expanded={qr !== null}
          onClick={() => {
            if (qr) setQr(null);
            else
              void qrSvg(url).then((svg) => {
                setQr(svg);
                setTooLong(svg === null);
              });
          }}
        >
          {qr ? t('share.hideQr') : t('share.showQr')}
        </button>
      </div>
      <span className="share__copied" aria-live="polite">
        {copied ? t('share.copied') : ''}
      </span>
      {tooLong && <p className="notice">{t('share.qrTooLong')}</p>}
      {qr && (
        <figure className="private-link__qr">
          {/* The library's own SVG of the link: no text of the link is printed. */}
          <div role="img" aria-label={said.qrLabel} dangerouslySetInnerHTML={{ __html: qr }} />
        </figure>
      )}
    </div>
  );
}
