// A correspondence deadline in words: whole days while more than a day is left, then hours, then minutes.
import type { TFunction } from 'i18next';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** "2 days left", "5 hours left", "12 minutes left" (rounded up, so "1 day" is never shown with less left). */
export function timeLeftText(t: TFunction, deadline: string, now: number): string {
  const left = Math.max(0, Date.parse(deadline) - now);
  if (left > DAY) return t('deadline.days', { count: Math.ceil(left / DAY) });
  if (left > HOUR) return t('deadline.hours', { count: Math.ceil(left / HOUR) });
  return t('deadline.minutes', { count: Math.max(1, Math.ceil(left / 60_000)) });
}
