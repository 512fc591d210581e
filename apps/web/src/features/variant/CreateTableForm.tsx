// Create table with a variant's options and the creator's side.
import type { ClockSetting, SeatChoice } from '@fg/protocol';
import type { OptionValue, VariantInfo } from '@fg/rules';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { ErrorNotice } from '../../app/ErrorNotice';
import { SideChoice } from '../../app/SideChoice';
import { useCreateTable } from '../../lib/use-create-table';
import { LevelChoice } from '../computer/LevelChoice';
import { ClockChoice } from './ClockChoice';

/** The creator's choices of side. */
const SEAT_CHOICES: readonly SeatChoice[] = ['fox', 'geese', 'random'];

/** The form; the options start at the variant's defaults. */
export function CreateTableForm({
  info,
  onOptions,
}: {
  info: VariantInfo;
  onOptions?: (options: Record<string, OptionValue>) => void;
}) {
  const { t } = useTranslation();
  const [options, setOptions] = useState<Record<string, OptionValue>>({ ...info.defaultOptions });
  const [side, setSide] = useState<SeatChoice>('random');
  const [clock, setClock] = useState<ClockSetting | null>(null);
  const [listed, setListed] = useState(false); // v1.1: a private link stays private unless asked
  const { create, busy, error } = useCreateTable();
  const change = (name: string, value: OptionValue): void => {
    const next = { ...options, [name]: value };
    setOptions(next);
    onOptions?.(next);
  };
  return (
    <form
      className="create-form"
      onSubmit={(event) => {
        event.preventDefault();
        void create(info.id, options, side, { listed, ...(clock ? { clock } : {}) });
      }}
    >
      {info.options.map((spec) =>
        typeof spec.default === 'boolean' ? (
          <label key={spec.name} className="check">
            <input
              type="checkbox"
              checked={options[spec.name] === true}
              onChange={(e) => change(spec.name, e.target.checked)}
            />
            {t(`options.${spec.name}.label`)}
          </label>
        ) : (
          <label key={spec.name} className="field">
            <span>{t(`options.${spec.name}.label`)}</span>
            <select value={String(options[spec.name])} onChange={(e) => change(spec.name, Number(e.target.value))}>
              {spec.values.map((value) => (
                <option key={String(value)} value={String(value)}>
                  {String(value)}
                </option>
              ))}
            </select>
          </label>
        ),
      )}
      <SideChoice choices={SEAT_CHOICES} value={side} onChange={setSide} />
      <ClockChoice onChange={setClock} />
      <label className="check">
        <input type="checkbox" checked={listed} onChange={(e) => setListed(e.target.checked)} />
        {t('create.listed')}
      </label>
      <button type="submit" disabled={busy}>
        {t('create.button')}
      </button>
      <LevelChoice
        busy={busy}
        variant={{ id: info.id, options }}
        onPlay={(level) => void create(info.id, options, side, { computer: { level }, ...(clock ? { clock } : {}) })}
      />
      <ErrorNotice code={error} />
    </form>
  );
}
