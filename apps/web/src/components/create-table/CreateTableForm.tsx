// Create table: the game (on the home page), its options, the creator's side (Random by default), the
// time (none, a clock, or days a move), listing in the lobby; on the variant page also the computer.
import './create-table.css';

import type { SeatChoice } from '@fg/protocol';
import { type OptionValue, VARIANT_INFOS, type VariantId } from '@fg/rules';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { useCreateTable } from '../../lib/use-create-table';
import { noServer, useOfflineComputer } from '../../lib/use-offline-computer';
import { ErrorNotice } from '../ErrorNotice';
import { SideChoice } from '../SideChoice';
import { ClockChoice, type TimeSetting } from './ClockChoice';
import { LevelChoice } from './LevelChoice';

/** The creator's choices of side. */
const SEAT_CHOICES: readonly SeatChoice[] = ['fox', 'geese', 'random'];

/** Props of the form. */
export interface CreateTableFormProps {
  readonly variant: VariantId;
  readonly onVariant?: (variant: VariantId) => void; // given: the form offers the game too (the home page)
  readonly onOptions?: (options: Record<string, OptionValue>) => void;
  readonly computer?: boolean; // offer "Play with the computer" with these choices
  readonly gameLabelId?: string; // the game select's id, so a card can bring the focus there
}

/** The form; the options start at the variant's defaults, and again whenever the game changes. */
export function CreateTableForm({ variant, onVariant, onOptions, computer = true, gameLabelId }: CreateTableFormProps) {
  const { t } = useTranslation(['common', 'variants']);
  const info = VARIANT_INFOS.find((v) => v.id === variant) ?? VARIANT_INFOS[0]!;
  const [chosen, setChosen] = useState<{ variant: string; options: Record<string, OptionValue> }>({
    variant: info.id,
    options: { ...info.defaultOptions },
  });
  const options = chosen.variant === info.id ? chosen.options : { ...info.defaultOptions };
  const [side, setSide] = useState<SeatChoice>('random');
  const [time, setTime] = useState<TimeSetting>({});
  const [listed, setListed] = useState(false); // a private link stays private unless asked
  const { create, busy, error } = useCreateTable();
  const playOffline = useOfflineComputer(); // no server, the computer plays in the browser
  const change = (name: string, value: OptionValue): void => {
    const next = { ...options, [name]: value };
    setChosen({ variant: info.id, options: next });
    onOptions?.(next);
  };
  return (
    <form
      className="create-form"
      onSubmit={(event) => {
        event.preventDefault();
        void create(info.id, options, side, { listed, ...time });
      }}
    >
      {onVariant && (
        <label className="field">
          <span>{t('computer.game')}</span>
          <select id={gameLabelId} value={info.id} onChange={(e) => onVariant(e.target.value as VariantId)}>
            {VARIANT_INFOS.map((v) => (
              <option key={v.id} value={v.id}>
                {t(`variants:${v.id}.name`, { defaultValue: v.name })}
              </option>
            ))}
          </select>
        </label>
      )}
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
      <ClockChoice onChange={setTime} />
      <label className="check">
        <input type="checkbox" checked={listed} onChange={(e) => setListed(e.target.checked)} />
        {t('create.listed')}
      </label>
      <button type="submit" disabled={busy}>
        {t('create.button')}
      </button>
      {computer && (
        <LevelChoice
          busy={busy}
          variant={{ id: info.id, options }}
          side={side}
          onPlay={(level) =>
            void create(info.id, options, side, {
              computer: { level },
              ...(time.clock ? { clock: time.clock } : {}),
            }).then((code) => {
              if (noServer(code)) void playOffline(info.id, side, level, options); // a clock means nothing offline
            })
          }
        />
      )}
      <ErrorNotice code={error} />
    </form>
  );
}
