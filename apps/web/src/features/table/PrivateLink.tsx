// The private link that carries this player's seat to another device: never printed on the page,
// only copied or shown as a QR code (drawn in the browser by a library loaded on first use).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { copyText } from './ShareLink';

/** Props of the private link. */
export interface PrivateLinkProps {
  readonly url: string; // https://…/t/<id>#seat=<token>
}

/** Draws a QR code of `text` as an SVG string, loading the QR library only now. */
async function qrSvg(text: string): Promise<string> {
  const { default: qrcode } = await import('qrcode-generator');
  const code = qrcode(0, 'M');
  code.addData(text);
  code.make();
  return code.createSvgTag({ cellSize: 4, margin: 2, scalable: true });
}

/** "Copy private link" and "Show QR code", with a one-line warning that the link gives the seat away. */
export function PrivateLink({ url }: PrivateLinkProps) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const [qr, setQr] = useState<string | null>(null);
  return (
    <div className="private-link">
      <p className="private-link__warning">{t('share.privateWarning')}</p>
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
          {t('share.copyPrivate')}
        </button>
        <button
          type="button"
          className="secondary"
          aria-expanded={qr !== null}
          onClick={() => {
            if (qr) setQr(null);
            else void qrSvg(url).then(setQr);
          }}
        >
          {qr ? t('share.hideQr') : t('share.showQr')}
        </button>
      </div>
      <span className="share__copied" aria-live="polite">
        {copied ? t('share.copied') : ''}
      </span>
      {qr && (
        <figure className="private-link__qr">
          {/* The library's own SVG of the link: no text of the link is printed. */}
          <div role="img" aria-label={t('share.qrLabel')} dangerouslySetInnerHTML={{ __html: qr }} />
        </figure>
      )}
    </div>
  );
}
