/**
 * What a sound announces: a text that arrived (every text the person is not looking at, and one
 * on a conversation assigned to them), a conversation assigned to them, a mention in a note
 * (docs/behaviour/notifications.md, "Sounds").
 */
export type SoundKind = 'inbound-text' | 'assigned' | 'mention';

/** Each kind's notes (Hz), played one after the other, and how long each sounds (s). */
const SOUNDS: Record<SoundKind, { notes: readonly number[]; noteS: number }> = {
  // The two-note chime texts always had: rising fifth-and-more, A5 then E6.
  'inbound-text': { notes: [880, 1318.5], noteS: 0.16 },
  // Three rising notes, E5 A5 C♯6: "this one is yours now".
  assigned: { notes: [659.25, 880, 1108.73], noteS: 0.12 },
  // Two quick high pings on D6: someone said your name.
  mention: { notes: [1174.66, 1174.66], noteS: 0.09 },
};

let context: AudioContext | null = null;

/**
 * Whether the page may start audio: browsers refuse it until the person has clicked, tapped or
 * typed in the page (autoplay policies). Where the browser does not say, we try; a refusal is
 * silent anyway.
 */
function gestureHappened(): boolean {
  const activation = (navigator as Navigator & { userActivation?: { hasBeenActive: boolean } })
    .userActivation;
  return activation?.hasBeenActive ?? true;
}

/**
 * A short chime of `kind` (0.3–0.4 s) drawn with the Web Audio API: no sound file to fetch.
 * Quiet (gain 0.15) and faded in and out so it never clicks. Does nothing where the browser
 * refuses audio (no Web Audio, or no gesture on the page yet).
 */
export function playNotificationSound(kind: SoundKind = 'inbound-text'): void {
  if (!gestureHappened()) return;
  try {
    context ??= new AudioContext();
    const audio = context;
    const { notes, noteS } = SOUNDS[kind];
    const start = audio.currentTime + 0.01;
    notes.forEach((frequency, i) => {
      const oscillator = audio.createOscillator();
      const gain = audio.createGain();
      const at = start + i * noteS;
      oscillator.type = 'sine';
      oscillator.frequency.value = frequency;
      gain.gain.setValueAtTime(0, at);
      gain.gain.linearRampToValueAtTime(0.15, at + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.001, at + noteS + 0.1);
      oscillator.connect(gain).connect(audio.destination);
      oscillator.start(at);
      oscillator.stop(at + noteS + 0.12);
    });
    // A context made before any gesture starts suspended; resuming may be refused: silence.
    if (audio.state === 'suspended') audio.resume().catch(() => undefined);
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
