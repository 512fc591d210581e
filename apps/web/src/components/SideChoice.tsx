// The side a player takes when creating a table (fox, geese or random), as one radio group, shared by the
// create form and the computer panel.
import './side-choice.css';

import type { SeatChoice } from '@fg/protocol';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/** The order the choices are offered in, and the chosen one. */
interface SideChoiceProps {
  readonly choices: readonly SeatChoice[]; // ['fox', 'geese', 'random']
  readonly value: SeatChoice;
  readonly onChange: (choice: SeatChoice) => void;
}

/** A fieldset of radio buttons, one per side, named in the chosen language. */
export function SideChoice({ choices, value, onChange }: SideChoiceProps) {
  const { t } = useTranslation();
  const name = `${useId()}-side`;
  return (
    <fieldset className="sides">
      <legend>{t('create.side')}</legend>
      {choices.map((choice) => (
        <label key={choice} className="check">
          <input type="radio" name={name} value={choice} checked={value === choice} onChange={() => onChange(choice)} />
          {t(`create.sides.${choice}`)}
        </label>
      ))}
    </fieldset>
  );
}
