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

/**
 * Starts this page's audio from a touch or click (iOS plays nothing a page did not start from
 * one): creates or resumes the audio context and plays a silent instant. Does nothing where the
 * browser has no Web Audio.
 */
export function unlockAudio(): void {
  try {
    context ??= new AudioContext();
    void context.resume();
    const silence = context.createBufferSource();
    silence.buffer = context.createBuffer(1, 1, 22_050);
    silence.connect(context.destination);
    silence.start();
  } catch {
    // No audio here.
  }
}
