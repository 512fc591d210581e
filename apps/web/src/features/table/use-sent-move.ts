// A move this player sent: shown at once as played and marked "sending" until the server's echo; taken
// back visibly when the server refuses it, when it could not be sent, or when the connection was
// replaced before the echo and the new welcome does not have it. Derived from state, no effects.
import type { SocketErrorCode } from '@fg/protocol';
import { useState } from 'react';

import type { SentMove } from './sent-move';
import type { TableState } from './table-state';

/** A move taken back, and why: a socket error code, or `offline` when it never reached the server. */
export interface TakenBack {
  readonly move: string; // 'd4-d5'
  readonly reason: SocketErrorCode | 'offline';
}

/** The move waiting for its echo, the last move taken back, and how to record a send. */
export interface SentMoves {
  readonly pending: SentMove | null; // drawn as played, marked as sending
  readonly takenBack: TakenBack | null;
  readonly sent: (move: SentMove, text: string, delivered: boolean) => void;
  readonly dismiss: () => void;
}

interface Sent extends SentMove {
  readonly text: string; // 'd4-d5'
  readonly welcomes: number; // the state's welcome count when it was sent
  readonly undos: number; // the state's takeback count when it was sent: a takeback since ends the wait
}

/** Tracks the sent move against the table state. */
export function useSentMove(state: TableState): SentMoves {
  const [sent, setSent] = useState<Sent | null>(null);
  const [unsent, setUnsent] = useState<TakenBack | null>(null);
  // Still waiting while the game has not moved past it; the page clears the error before each send.
  const waiting = sent !== null && sent.undos === state.undos && sent.ply === (state.game?.moves.length ?? -1);
  const refused = waiting && state.error !== null;
  const lost = waiting && !refused && state.welcomes > sent.welcomes;
  const takenBack: TakenBack | null = refused
    ? { move: sent.text, reason: state.error }
    : lost
      ? { move: sent.text, reason: 'offline' }
      : unsent;
  return {
    pending: waiting && !refused && !lost ? sent : null,
    takenBack,
    sent: (move, text, delivered) => {
      setUnsent(delivered ? null : { move: text, reason: 'offline' });
      setSent(delivered ? { ...move, text, welcomes: state.welcomes, undos: state.undos } : null);
    },
    dismiss: () => {
      setUnsent(null);
      setSent(null);
    },
  };
}
