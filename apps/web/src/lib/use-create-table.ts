// Creating a table: ask the server, keep the seat it gives, open the table page.
import type { CreateTableBody, SeatChoice, TableOptions } from '@fg/protocol';
import type { VariantId } from '@fg/rules';
import { useState } from 'react';
import { useLocation } from 'wouter';

import { createTable } from './api';
import { saveSeat } from './seat-store';

/** A create-table action with its busy flag and last error code. */
export function useCreateTable() {
  const [, navigate] = useLocation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const create = async (
    variant: VariantId,
    options: TableOptions = {},
    side: SeatChoice = 'random',
    extras: Pick<CreateTableBody, 'clock' | 'computer' | 'listed' | 'correspondence'> = {}, // v1.1, v1.2
  ): Promise<void> => {
    setBusy(true);
    setError(null);
    const answer = await createTable({ variant, options, side, ...extras });
    setBusy(false);
    if (!answer.ok) return setError(answer.code);
    saveSeat(answer.value.table.id, answer.value.seat);
    navigate(`/t/${answer.value.table.id}${location.search}`, { state: { created: true } });
  };
  return { create, busy, error };
}
