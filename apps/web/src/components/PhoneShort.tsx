// A one-line heading's words, shortened on a phone: "Two Foxes (Halatafl)" reads "Two Foxes" at 390 px, where the
// whole name was cut to "Two Foxes (Halat…". Only one of the two is ever shown, so a screen reader hears one.
import './phone-short.css';

import type { TFunction } from 'i18next';

/** A variant's name without its aside in brackets: "Two Foxes (Halatafl)" -> "Two Foxes"; a name without one stays. */
export const shortName = (name: string): string => name.replace(/\s*\([^)]*\)\s*$/, '') || name;

/** `full` on a wide screen, `short` on a phone; just the text where they are the same. */
export function PhoneShort({ full, short }: { full: string; short: string }) {
  if (full === short) return <>{full}</>;
  return (
    <>
      <span className="phone-short__full">{full}</span>
      <span className="phone-short__short">{short}</span>
    </>
  );
}

/** A variant's translated name, short on a phone. */
export function VariantName({ t, variant }: { t: TFunction; variant: string }) {
  const full = t(`variants:${variant}.name`, { defaultValue: variant });
  return <PhoneShort full={full} short={shortName(full)} />;
}
