// The table's tools for anyone at it: flip the board (remembered per table), download the game record,
// the sound switch (its state in words as well as in the icon) and, for a player, "Confirm moves"
// (both remembered for the browser).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { setMuted, useMuted } from '../../lib/sound-switch';
import { setConfirmMoves, useConfirmMoves } from './move-confirmation';

const flipKey = (id: string): string => `fg:flip:${id}`;

/** Whether the board of table `id` is flipped, remembered in the browser, and how to turn it. */
export function useFlip(id: string): [boolean, () => void] {
  const [flipped, setFlipped] = useState(() => {
    try {
      return localStorage.getItem(flipKey(id)) === 'true';
    } catch {
      return false;
    }
  });
  const toggle = (): void => {
    const next = !flipped;
    setFlipped(next);
    try {
      localStorage.setItem(flipKey(id), String(next));
    } catch {
      // Storage refused: the board stays flipped for this page only.
    }
  };
  return [flipped, toggle];
}

/** Where the game record of table `id` is served. */
const gameRecordPath = (id: string): string => `/api/tables/${encodeURIComponent(id)}/game.txt`;

/** Starts the download of a file the server serves as an attachment. */
function download(path: string): void {
  const link = document.createElement('a');
  link.href = path;
  link.download = '';
  link.click();
}

/** A speaker, with waves while sounds play and a cross when muted (drawn: no emoji font needed). */
function SpeakerIcon({ muted }: { muted: boolean }) {
  return (
    <svg className="tool-icon" viewBox="0 0 24 24" aria-hidden="true">
      <path d="M4 9h4l5-4v14l-5-4H4z" fill="currentColor" />
      {muted ? (
        <path d="M16 9l5 6M21 9l-5 6" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      ) : (
        <path
          d="M16 8.5a5 5 0 0 1 0 7M18.5 6a8.5 8.5 0 0 1 0 12"
          stroke="currentColor"
          strokeWidth="2"
          fill="none"
          strokeLinecap="round"
        />
      )}
    </svg>
  );
}

/** Props of the tools. */
export interface TableToolsProps {
  readonly id: string;
  readonly flipped: boolean;
  readonly onFlip: () => void;
  readonly player?: boolean; // a seated player: the move confirmation option is shown
}

/** Flip board, Download game and the sound switch. */
export function TableTools({ id, flipped, onFlip, player = false }: TableToolsProps) {
  const { t } = useTranslation();
  const muted = useMuted();
  const confirmMoves = useConfirmMoves();
  return (
    <div className="table-tools">
      <button type="button" className="secondary" aria-pressed={flipped} onClick={onFlip}>
        {t('tools.flip')}
      </button>
      {/* A button, as docs/product.md names it; the server's Content-Disposition makes it a download. */}
      <button type="button" className="secondary" onClick={() => download(gameRecordPath(id))}>
        {t('tools.download')}
      </button>
      {/* "Sound: on" / "Sound: off": the state in words, not in the icon alone; pressed while sounds play. */}
      <button type="button" className="secondary" aria-pressed={!muted} onClick={() => setMuted(!muted)}>
        <SpeakerIcon muted={muted} />
        {t(muted ? 'tools.soundOff' : 'tools.soundOn')}
      </button>
      {player && (
        <label className="check table-tools__check">
          <input type="checkbox" checked={confirmMoves} onChange={(e) => setConfirmMoves(e.target.checked)} />
          {t('tools.confirmMoves')}
        </label>
      )}
    </div>
  );
}
