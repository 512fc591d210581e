// The computer's level, 1 (a beginner) to 8 (the strongest), the 9 ("Perfect") where the options are solved,
// and the "Play with the computer" button.
import './computer.css';

import { COMPUTER_LEVELS, PERFECT_LEVEL } from '@fg/protocol/vocabulary';
import type { Variant } from '@fg/rules';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { useSolved } from '../../lib/solution-api';

/** Every level, weakest first. */
const LEVELS = Array.from({ length: COMPUTER_LEVELS.max - COMPUTER_LEVELS.min + 1 }, (_, i) => COMPUTER_LEVELS.min + i);

/** Props of the level choice. */
export interface LevelChoiceProps {
  readonly busy: boolean;
  readonly variant: Pick<Variant, 'id' | 'options'>; // the game and options: Perfect only where they are solved
  readonly onPlay: (level: number) => void;
  readonly inBrowser?: boolean; // the game may be played in this browser: Perfect also where a table is stored here
}

/** A level picker (default 3) and the button that starts a game against the computer at that level. */
export function LevelChoice({ busy, variant, onPlay, inBrowser = false }: LevelChoiceProps) {
  const { t } = useTranslation();
  const [chosen, setLevel] = useState(3);
  const solved = useSolved(variant, inBrowser);
  const levels = solved ? [...LEVELS, PERFECT_LEVEL] : LEVELS;
  // Perfect chosen, then options without a solution: the strongest engine level instead.
  const level = chosen === PERFECT_LEVEL && !solved ? COMPUTER_LEVELS.max : chosen;
  return (
    <div className="computer-choice">
      <label className="field">
        <span>{t('computer.level')}</span>
        <select value={level} onChange={(e) => setLevel(Number(e.target.value))}>
          {levels.map((value) => (
            <option key={value} value={value}>
              {value === COMPUTER_LEVELS.min
                ? t('computer.levelBeginner')
                : value === COMPUTER_LEVELS.max
                  ? t('computer.levelStrongest')
                  : value === PERFECT_LEVEL
                    ? t('computer.levelPerfect')
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
