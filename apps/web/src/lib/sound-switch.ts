// Whether sounds play, remembered in the browser, and playing one: the Web Audio code is loaded
// on the first sound, and nothing plays before the page has had a user gesture (browsers require it).
import type { SoundKind } from './sounds';
import { storedFlag } from './stored-flag';

const muted = storedFlag('fg:muted');
const isMuted = muted.get;
/** Mutes or unmutes sounds, and remembers it. */
export const setMuted = muted.set;
/** The muted switch as React state. */
export const useMuted = muted.useFlag;

// Whether the page has had a user gesture, so audio may start. Our own listeners rather than
// navigator.userActivation, which automated browsers report as active from the start.
let gestured = false;
if (typeof window !== 'undefined') {
  const mark = (): void => {
    gestured = true;
  };
  window.addEventListener('pointerdown', mark, { once: true, capture: true });
  window.addEventListener('keydown', mark, { once: true, capture: true });
  window.addEventListener('touchstart', mark, { once: true, capture: true });
}

/** Plays a notice sound unless muted or before any user gesture. */
export function playSound(kind: SoundKind): void {
  if (isMuted() || !gestured || typeof AudioContext === 'undefined') return;
  import('./sounds').then(
    (sounds) => sounds.play(kind),
    () => undefined, // a sound that cannot load is no reason to disturb the game
  );
}
