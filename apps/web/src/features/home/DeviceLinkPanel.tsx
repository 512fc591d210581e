// "Use on another device": one link (or its QR code) that carries every seat this browser holds, and its settings,
// to another browser; made when asked, so it holds the seats of that moment.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { PrivateLink } from '../../components/PrivateLink';
import { deviceLink, thisBrowser } from '../../lib/device-link';

/** The button, then the link's copy and QR code with a warning that it gives every seat away. */
export function DeviceLinkPanel() {
  const { t } = useTranslation();
  const [url, setUrl] = useState<string | null>(null);
  return (
    <div className="my-games__devices">
      <button
        type="button"
        className="secondary"
        aria-expanded={url !== null}
        onClick={() => setUrl(url ? null : deviceLink(window.location.origin, thisBrowser()))}
      >
        {t('devices.use')}
      </button>
      {url && (
        <div className="panel my-games__device-link" data-device-link="offered">
          <p>{t('devices.lead', { count: thisBrowser().seats.length })}</p>
          <PrivateLink
            url={url}
            words={{ warning: t('devices.linkWarning'), copy: t('devices.copy'), qrLabel: t('devices.qrLabel') }}
          />
        </div>
      )}
    </div>
  );
}
