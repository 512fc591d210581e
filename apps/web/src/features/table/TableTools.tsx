// The table's tools for anyone at it: flip the board (remembered per table), download the game record,
// and the sound switch (remembered for the browser).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { setMuted, useMuted } from '../../lib/sound-switch';

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

/** Props of the tools. */
export interface TableToolsProps {
  readonly id: string;
  readonly flipped: boolean;
  readonly onFlip: () => void;
}

/** Flip board, Download game and the sound switch. */
export function TableTools({ id, flipped, onFlip }: TableToolsProps) {
  const { t } = useTranslation();
  const muted = useMuted();
  return (
    <div className="table-tools">
      <button type="button" className="secondary" aria-pressed={flipped} onClick={onFlip}>
        {t('tools.flip')}
      </button>
      {/* A button, as docs/product.md names it; the server's Content-Disposition makes it a download. */}
      <button type="button" className="secondary" onClick={() => download(gameRecordPath(id))}>
        {t('tools.download')}
      </button>
      {/* One name, "Sound"; pressed while sounds play. */}
      <button type="button" className="secondary" aria-pressed={!muted} onClick={() => setMuted(!muted)}>
        <span aria-hidden="true">{muted ? '🔇 ' : '🔊 '}</span>
        {t('tools.sound')}
      </button>
    </div>
  );
}
