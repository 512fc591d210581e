// A small still picture of a variant's starting position.
import { getVariant, newGame, type Options } from '@fg/rules';
import { useTranslation } from 'react-i18next';

import { Board } from './Board';
import { piecesOf } from './pieces-of';

/** Props of the start picture. */
export interface StartPictureProps {
  readonly variant: string; // 'standard'
  readonly options?: Options;
  readonly className?: string;
}

/** The variant's board with its pieces where they start. */
export function StartPicture({ variant, options = {}, className }: StartPictureProps) {
  const { t } = useTranslation(['common', 'variants']);
  const resolved = getVariant(variant, options);
  if (!resolved.ok) return null;
  const name = t(`variants:${variant}.name`, { defaultValue: resolved.value.name });
  return (
    <Board
      board={resolved.value.board}
      pieces={piecesOf(newGame(resolved.value))}
      pointLabel={() => ''}
      title={t('variant.startPicture', { name })}
      className={className}
    />
  );
}
