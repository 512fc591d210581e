// When a table link says it cannot reach its table: at once when the device is offline, after a short wait when the
// device is online but the server does not answer; never once the page has been in step (the board's lost-connection
// banner says that), and never while it is in step.
import { useEffect, useState } from 'react';

import { useOnline } from '../../lib/use-online';
import type { LinkState } from './use-table';

/** Why the table cannot be reached: this device has no network, or the server does not answer. */
export type Unreachable = 'device' | 'server';

/** How long a first connection may take before an online device says the server does not answer. */
const UNREACHABLE_AFTER_MS = 2_000;

/** The reason to show, or null (connected, once welcomed, or still within the first wait). */
export function unreachableReason(
  link: LinkState,
  welcomed: boolean,
  deviceOnline: boolean,
  waited: boolean,
): Unreachable | null {
  if (welcomed || link === 'online') return null;
  if (!deviceOnline) return 'device';
  return waited ? 'server' : null;
}

/** The reason for a table page whose link is `link` and which has had `welcomes` welcomes. */
export function useUnreachable(link: LinkState, welcomes: number): Unreachable | null {
  const online = useOnline();
  const [waited, setWaited] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setWaited(true), UNREACHABLE_AFTER_MS);
    return () => clearTimeout(timer);
  }, []);
  return unreachableReason(link, welcomes > 0, online, waited);
}
