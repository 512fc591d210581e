// Short notice sounds made with Web Audio (no files to fetch); this module is loaded on the first sound.

/** The sounds the table page plays. */
export type SoundKind = 'move' | 'join' | 'end';

let context: AudioContext | null = null;

/** Notes of each sound: [frequency Hz, start s, length s]. */
const NOTES: Readonly<Record<SoundKind, readonly (readonly [number, number, number])[]>> = {
  move: [[520, 0, 0.07]], // a short wooden tick
  join: [
    [523, 0, 0.12],
    [784, 0.12, 0.18],
  ], // two rising notes: someone arrived
  end: [
    [659, 0, 0.16],
    [523, 0.16, 0.16],
    [392, 0.32, 0.3],
  ], // three falling notes: the game is over
};

/** Plays one sound now. */
export function play(kind: SoundKind): void {
  context ??= new AudioContext();
  const start = context.currentTime;
  for (const [frequency, offset, length] of NOTES[kind]) {
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    oscillator.type = kind === 'move' ? 'triangle' : 'sine';
    oscillator.frequency.value = frequency;
    // A quick attack and a decay, so the note does not click.
    gain.gain.setValueAtTime(0.0001, start + offset);
    gain.gain.exponentialRampToValueAtTime(0.25, start + offset + 0.01);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + offset + length);
    oscillator.connect(gain).connect(context.destination);
    oscillator.start(start + offset);
    oscillator.stop(start + offset + length + 0.02);
  }
}
