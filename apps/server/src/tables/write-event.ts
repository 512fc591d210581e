// Where each event is written: stored events go to the store (a compare-and-set), table-wide ones to the bus;
// `announce` then tells the other instances, unless the store published the event with its write (Redis).
// The one place the authority writes; a new kind of event adds its write here.
import { opponent, type Side } from '@fg/rules';

import type { TableBus } from './bus.js';
import { STORED_EVENTS, type TableEvent } from './events.js';
import type { TableStore } from './store.js';
import type { TableFacts } from './table-state.js';

/** What a write answered: whether it was taken (false: the compare-and-set lost), and a rematch's requests. */
export interface Written {
  readonly ok: boolean;
  readonly asks?: Readonly<Record<Side, string | null>>; // 'rematch-ask': both sides' requests after it
}

const TAKEN: Written = { ok: true };
const LOST: Written = { ok: false };

/** Writes an event decided on `facts` (the offers are a compare-and-set on them). */
export async function writeEvent(
  store: TableStore,
  bus: TableBus,
  id: string,
  event: TableEvent,
  facts: Pick<TableFacts, 'drawOffer' | 'takebackOffer'>,
): Promise<Written> {
  switch (event.type) {
    case 'moved':
      return (await store.appendMove(id, event.ply, event.move, event.result, event.at)) ? TAKEN : LOST;
    case 'ended':
      return (await store.finish(id, event.ply, event.result, event.at)) ? TAKEN : LOST;
    case 'seat':
      return (await store.takeSeat(id, event.side, event.tokenHash, event.at)) ? TAKEN : LOST;
    case 'taken-back': {
      if (!(await store.takeBack(id, event.ply, event.to, event.at))) return LOST;
      // Both offers lapse with the undo; the bus must not bring them back when the ply comes round again.
      await Promise.all([bus.setOffer(id, 'draw', null), bus.setOffer(id, 'takeback', null)]);
      return TAKEN;
    }
    case 'rematch':
      await store.setRematch(id, event.table);
      return TAKEN;
    case 'draw':
      return (await bus.setOffer(id, 'draw', event.offer, facts.drawOffer)) ? TAKEN : LOST;
    case 'takeback':
      return (await bus.setOffer(id, 'takeback', event.offer, facts.takebackOffer)) ? TAKEN : LOST;
    case 'rematch-ask': {
      const { added, asks } = await bus.askRematch(id, event.side, event.tokenHash);
      return { ok: added, asks };
    }
    case 'rematch-decline':
      await bus.dropRematchAsk(id, opponent(event.side));
      return TAKEN;
    case 'presence':
      await bus.setPresence(id, event.presence);
      return TAKEN;
    case 'chat': // the chat log keeps it (tables/table-chat.ts); the bus only carries it
      return TAKEN;
  }
}

/** Tells the other instances of a written event, unless the store published it with the write (Redis): then there
 * is no promise to wait for. */
export function announce(store: TableStore, bus: TableBus, id: string, event: TableEvent): Promise<void> | undefined {
  if (event.type === 'presence' || (store.announcesWrites && STORED_EVENTS.has(event.type))) return undefined;
  return bus.publish(id, event);
}
