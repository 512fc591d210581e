// The computer's level, 1 (a beginner) to 8 (the strongest), and the "Play with the computer" button.
import './computer.css';

import { COMPUTER_LEVELS } from '@fg/protocol/vocabulary';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Every level, weakest first. */
const LEVELS = Array.from({ length: COMPUTER_LEVELS.max - COMPUTER_LEVELS.min + 1 }, (_, i) => COMPUTER_LEVELS.min + i);

/** A level picker (default 3) and the button that starts a game against the computer at that level. */
export function LevelChoice({ busy, onPlay }: { busy: boolean; onPlay: (level: number) => void }) {
  const { t } = useTranslation();
  const [level, setLevel] = useState(3);
  return (
    <div className="computer-choice">
      <label className="field">
        <span>{t('computer.level')}</span>
        <select value={level} onChange={(e) => setLevel(Number(e.target.value))}>
          {LEVELS.map((value) => (
            <option key={value} value={value}>
              {value === COMPUTER_LEVELS.min
                ? t('computer.levelBeginner')
                : value === COMPUTER_LEVELS.max
                  ? t('computer.levelStrongest')
                  : t('computer.levelName', { level: value })}
            </option>
          ))}
        </select>
      </label>
      <button type="button" disabled={busy} onClick={() => onPlay(level)}>
        {t('computer.play')}
      </button>
    </div>
  );
}
