// The computer's level, 1 (a beginner) to 8 (the strongest engine), and Perfect (level 9, plays the solution) where
// the options are solved, with who can beat it from the start; and the "Play with the computer" button.
import './computer.css';

import type { SeatChoice } from '@fg/protocol';
import { COMPUTER_LEVELS, PERFECT_LEVEL } from '@fg/protocol/vocabulary';
import { getVariant, makePosition, type Side, startPosition, type Variant } from '@fg/rules';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { fetchVerdict, useSolved, variantKey } from '../../lib/solution-api';

/** Every level, weakest first. */
const LEVELS = Array.from({ length: COMPUTER_LEVELS.max - COMPUTER_LEVELS.min + 1 }, (_, i) => COMPUTER_LEVELS.min + i);

/** Props of the level choice. */
export interface LevelChoiceProps {
  readonly busy: boolean;
  readonly variant: Pick<Variant, 'id' | 'options'>; // the game and options: Perfect only where they are solved
  readonly side: SeatChoice; // the side the player chose: who can beat Perfect from the start
  readonly onPlay: (level: number) => void;
  readonly inBrowser?: boolean; // the game may be played in this browser: Perfect also where a table is stored here
}

/** Who wins the variant's start with perfect play, where solved (null: not solved, or not known yet). */
function useStartWinner(variant: Pick<Variant, 'id' | 'options'>, solved: boolean): Side | null {
  const [winner, setWinner] = useState<{ key: string; winner: Side | null } | null>(null);
  const key = variantKey(variant);
  useEffect(() => {
    const full = getVariant(variant.id, variant.options);
    if (!solved || !full.ok) return;
    let live = true;
    const start = makePosition(full.value.board, startPosition(full.value));
    void fetchVerdict(full.value, start).then((v) => live && setWinner({ key, winner: v?.winner ?? null }));
    return () => {
      live = false;
    };
  }, [key, solved]); // eslint-disable-line react-hooks/exhaustive-deps -- the key names the variant and options
  return winner?.key === key ? winner.winner : null;
}

/** The line under the picker while Perfect is chosen: who wins against it from the start, for the chosen side. */
function PerfectLine({ winner, side, geese }: { winner: Side; side: SeatChoice; geese: number }) {
  const { t } = useTranslation();
  const key = side === 'random' ? `random.${winner}` : `${side === winner ? 'win' : 'lose'}.${side}`;
  return (
    <p className="computer-choice__perfect" data-perfect-line={key}>
      {t(`computer.perfectAgainst.${key}`, { geese })}
    </p>
  );
}

/** A level picker (default 3) and the button that starts a game against the computer at that level. */
export function LevelChoice({ busy, variant, side, onPlay, inBrowser = false }: LevelChoiceProps) {
  const { t } = useTranslation();
  const [chosen, setLevel] = useState(3);
  const solved = useSolved(variant, inBrowser);
  const levels = solved ? [...LEVELS, PERFECT_LEVEL] : LEVELS;
  // Perfect chosen, then options without a solution: the strongest engine level instead.
  const level = chosen === PERFECT_LEVEL && !solved ? COMPUTER_LEVELS.max : chosen;
  const winner = useStartWinner(variant, solved);
  const full = getVariant(variant.id, variant.options);
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
                  ? t(solved ? 'computer.levelStrongestEngine' : 'computer.levelStrongest')
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
      {level === PERFECT_LEVEL && winner && full.ok && (
        <PerfectLine winner={winner} side={side} geese={full.value.geese.length} />
      )}
    </div>
  );
}
