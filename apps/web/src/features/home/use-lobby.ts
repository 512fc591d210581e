// The lobby, live: read once, then kept up to date by the server's event stream (GET /api/lobby/events).
import type { LobbyResponse } from '@fg/protocol';
import { useEffect, useState } from 'react';

import { fetchLobby } from '../../lib/api';

/** The lobby's lists, or null until the first answer; they change as the server tells. */
export function useLobby(): LobbyResponse | null {
  const [lobby, setLobby] = useState<LobbyResponse | null>(null);
  useEffect(() => {
    let live = true;
    // The stream's first event carries the lists too; the plain read covers a browser or proxy without streams.
    void fetchLobby().then((answer) => {
      if (live && answer.ok) setLobby((now) => now ?? answer.value);
    });
    if (typeof EventSource === 'undefined') return () => void (live = false);
    const events = new EventSource('/api/lobby/events');
    events.addEventListener('lobby', (event) => {
      // The server's own answer, as the other API reads trust it; the page carries no schema library (its CSP has no eval).
      if (live) setLobby(JSON.parse((event as MessageEvent<string>).data) as LobbyResponse);
    });
    return () => {
      live = false;
      events.close();
    };
  }, []);
  return lobby;
}
