// Creating a table: ask the server, keep the seat it gives, open the table page.
import type { CreateTableBody, SeatChoice, TableOptions } from '@fg/protocol';
import type { VariantId } from '@fg/rules';
import { useState } from 'react';
import { useLocation } from 'wouter';

import { createTable } from './api';
import { saveSeat } from './seat-store';

/** A create-table action (resolving to its error code, null once the table opens) with its busy flag and last error code. */
export function useCreateTable() {
  const [, navigate] = useLocation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const create = async (
    variant: VariantId,
    options: TableOptions = {},
    side: SeatChoice = 'random',
    extras: Pick<CreateTableBody, 'clock' | 'computer' | 'listed' | 'correspondence'> = {}, //,
  ): Promise<string | null> => {
    setBusy(true);
    setError(null);
    const answer = await createTable({ variant, options, side, ...extras });
    setBusy(false);
    if (!answer.ok) {
      setError(answer.code);
      return answer.code; // the caller can tell "no server" (network) from a refusal
    }
    saveSeat(answer.value.table.id, answer.value.seat);
    navigate(`/t/${answer.value.table.id}${location.search}`, { state: { created: true } });
    return null;
  };
  return { create, busy, error };
}
