// "Play with the computer" on the home page: a game, a side and a level, then straight to the table.
import type { SeatChoice } from '@fg/protocol';
import { PERFECT_LEVEL } from '@fg/protocol/vocabulary';
import { VARIANT_INFOS, type VariantId } from '@fg/rules';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { LevelChoice } from '../../components/create-table/LevelChoice';
import { ErrorNotice } from '../../components/ErrorNotice';
import { SideChoice } from '../../components/SideChoice';
import { perfectComputerWhere } from '../../lib/solution-api';
import { useCreateTable } from '../../lib/use-create-table';
import { noServer, useOfflineComputer } from '../../lib/use-offline-computer';

const SIDE_CHOICES: readonly SeatChoice[] = ['geese', 'fox', 'random'];

/** The home page's quick start against the computer, with each game's default options. */
export function PlayComputerPanel() {
  const { t } = useTranslation(['common', 'variants']);
  const id = useId();
  const [variant, setVariant] = useState<VariantId>('standard');
  const [side, setSide] = useState<SeatChoice>('geese');
  const { create, busy, error } = useCreateTable();
  const playOffline = useOfflineComputer(); // no server, the computer plays in the browser
  return (
    <section aria-labelledby={`${id}-heading`} className="play-computer" id="play-computer">
      <h2 id={`${id}-heading`}>{t('computer.heading')}</h2>
      <p>{t('computer.lead')}</p>
      <div className="play-computer__form">
        <label className="field">
          <span>{t('computer.game')}</span>
          <select value={variant} onChange={(e) => setVariant(e.target.value as VariantId)}>
            {VARIANT_INFOS.map((info) => (
              <option key={info.id} value={info.id}>
                {t(`variants:${info.id}.name`, { defaultValue: info.name })}
              </option>
            ))}
          </select>
        </label>
        <SideChoice choices={SIDE_CHOICES} value={side} onChange={setSide} />
        <LevelChoice
          busy={busy}
          variant={{ id: variant, options: VARIANT_INFOS.find((info) => info.id === variant)!.defaultOptions }}
          inBrowser
          side={side}
          onPlay={(level) =>
            void (async () => {
              const defaults = VARIANT_INFOS.find((info) => info.id === variant)!.defaultOptions;
              // Perfect with the table stored in this browser only: the game is played here.
              if (
                level === PERFECT_LEVEL &&
                (await perfectComputerWhere({ id: variant, options: defaults })) === 'browser'
              )
                return playOffline(variant, side, level);
              const code = await create(variant, {}, side, { computer: { level } });
              if (noServer(code)) await playOffline(variant, side, level);
            })()
          }
        />
      </div>
      <ErrorNotice code={error} />
    </section>
  );
}
