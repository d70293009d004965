/** The chime's two notes (Hz) and how long each sounds (s). */
const NOTES = [880, 1318.5] as const;
const NOTE_S = 0.16;

let context: AudioContext | null = null;

/**
 * A short two-note chime (about 0.35 s) drawn with the Web Audio API: no sound file to fetch.
 * Quiet (gain 0.15) and faded in and out so it never clicks. Does nothing where the browser
 * refuses audio (no Web Audio, or no gesture on the page yet).
 */
export function playNotificationSound(): void {
  try {
    context ??= new AudioContext();
    const start = context.currentTime + 0.01;
    NOTES.forEach((frequency, i) => {
      const oscillator = context!.createOscillator();
      const gain = context!.createGain();
      const at = start + i * NOTE_S;
      oscillator.type = 'sine';
      oscillator.frequency.value = frequency;
      gain.gain.setValueAtTime(0, at);
      gain.gain.linearRampToValueAtTime(0.15, at + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.001, at + NOTE_S + 0.1);
      oscillator.connect(gain).connect(context!.destination);
      oscillator.start(at);
      oscillator.stop(at + NOTE_S + 0.12);
    });
  } catch {
    // No audio here: the title and the desktop notification still tell.
  }
}
