// "Play with the computer" with no server: the game starts in the browser instead.
import type { SeatChoice } from '@fg/protocol';
import { useLocation } from 'wouter';

import { newOfflineGame } from './offline-game';
import { saveOfflineGame } from './offline-store';

/** The address of the offline game page. */
const OFFLINE_PATH = '/play/offline';

/** Whether a create-table failure means there is no server to play on. */
export const noServer = (code: string | null): boolean => code === 'network';

/** Starts (and keeps) a new offline game, from the variant's start or a position text, then opens its page. */
export function useOfflineComputer(): (
  variant: string,
  side: SeatChoice,
  level: number,
  options?: Readonly<Record<string, unknown>>,
  start?: string,
) => Promise<void> {
  const [, navigate] = useLocation();
  return async (variant, side, level, options = {}, start) => {
    const game = newOfflineGame(variant, side, level, options, start);
    if (!game) return;
    await saveOfflineGame(game);
    navigate(`${OFFLINE_PATH}${location.search}`);
  };
}
