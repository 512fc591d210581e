// The time control of a new table: none by default, the usual presets, minutes and increment of one's own,
// or a correspondence game of a few days a move.
import type { ClockSetting, CorrespondenceSetting } from '@fg/protocol';
import { CLOCK_LIMITS, CORRESPONDENCE_DAYS } from '@fg/protocol/vocabulary';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Presets as minutes + seconds of increment, as game sites name them. */
const CLOCK_PRESETS: readonly (readonly [minutes: number, increment: number])[] = [
  [3, 2],
  [5, 3],
  [10, 5],
  [15, 10],
];

/** The time of a new table as the create body takes it: a clock, days a move, or neither. */
export interface TimeSetting {
  readonly clock?: ClockSetting;
  readonly correspondence?: CorrespondenceSetting;
}

/** Props of the time control choice. */
export interface ClockChoiceProps {
  readonly onChange: (time: TimeSetting) => void;
}

/** A select of no clock / presets / custom / days a move; custom shows two number fields. */
export function ClockChoice({ onChange: report }: ClockChoiceProps) {
  const onChange = (clock: ClockSetting | null): void => report(clock ? { clock } : {});
  const { t } = useTranslation();
  const id = useId();
  const [choice, setChoice] = useState('none');
  const [minutes, setMinutes] = useState(5);
  const [increment, setIncrement] = useState(3);
  const custom = (m: number, i: number): ClockSetting => ({
    initial: Math.min(CLOCK_LIMITS.initialMax, Math.max(CLOCK_LIMITS.initialMin, Math.round(m * 60))),
    increment: Math.min(CLOCK_LIMITS.incrementMax, Math.max(0, Math.round(i))),
  });
  const pick = (value: string): void => {
    setChoice(value);
    if (value === 'none') return onChange(null);
    if (value === 'custom') return onChange(custom(minutes, increment));
    if (value.startsWith('days:'))
      return report({ correspondence: { days: Number(value.slice(5)) as CorrespondenceSetting['days'] } });
    const [m, i] = value.split('+').map(Number);
    onChange({ initial: m! * 60, increment: i! });
  };
  return (
    <div className="clock-choice">
      <label className="field" htmlFor={`${id}-clock`}>
        <span>{t('create.clock')}</span>
        <select id={`${id}-clock`} value={choice} onChange={(e) => pick(e.target.value)}>
          <option value="none">{t('create.clockNone')}</option>
          {CLOCK_PRESETS.map(([m, i]) => (
            <option key={`${m}+${i}`} value={`${m}+${i}`}>{`${m}+${i}`}</option>
          ))}
          <option value="custom">{t('create.clockCustom')}</option>
          <optgroup label={t('correspondence.label')}>
            {CORRESPONDENCE_DAYS.map((days) => (
              <option key={days} value={`days:${days}`}>
                {t('correspondence.perMove', { count: days })}
              </option>
            ))}
          </optgroup>
        </select>
      </label>
      {choice === 'custom' && (
        <div className="clock-choice__custom">
          <label className="field">
            <span>{t('create.minutes')}</span>
            <input
              type="number"
              min={1}
              max={CLOCK_LIMITS.initialMax / 60}
              step={1}
              value={minutes}
              onChange={(e) => {
                setMinutes(Number(e.target.value));
                onChange(custom(Number(e.target.value), increment));
              }}
            />
          </label>
          <label className="field">
            <span>{t('create.increment')}</span>
            <input
              type="number"
              min={0}
              max={CLOCK_LIMITS.incrementMax}
              step={1}
              value={increment}
              onChange={(e) => {
                setIncrement(Number(e.target.value));
                onChange(custom(minutes, Number(e.target.value)));
              }}
            />
          </label>
        </div>
      )}
    </div>
  );
}
