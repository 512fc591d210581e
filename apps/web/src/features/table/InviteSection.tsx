// The link to send (public), and for a player the private link to continue on another device.
import { useTranslation } from 'react-i18next';

import { PrivateLink } from '../../components/PrivateLink';
import { loadSeat, seatLink } from '../../lib/seat-store';
import { ShareLink } from './ShareLink';

/** Props of the invite section. */
export interface InviteSectionProps {
  readonly id: string;
  readonly side: 'fox' | 'geese' | null; // the viewer's seat
}

/** The share link, and the private link behind a button for a seated player. */
export function InviteSection({ id, side }: InviteSectionProps) {
  const { t } = useTranslation();
  const seat = side ? loadSeat(id) : null;
  return (
    <section className="panel invite">
      <h2>{t('share.heading')}</h2>
      <ShareLink label={t('share.label')} url={`${window.location.origin}/t/${id}`} />
      {seat && (
        <>
          <h3 className="invite__private">{t('share.otherDevice')}</h3>
          <PrivateLink url={seatLink(window.location.origin, id, seat.token)} />
        </>
      )}
    </section>
  );
}
