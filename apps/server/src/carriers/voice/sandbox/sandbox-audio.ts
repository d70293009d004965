import OpusScript from 'opusscript';

/** Opus's clock and the rate the sandbox encodes at (Hz). */
export const OPUS_RATE = 48_000;
/** Samples in one 20 ms Opus frame at OPUS_RATE: one RTP packet, and the RTP timestamp step. */
export const FRAME_SAMPLES = 960;
/** One frame's length (ms): the pace at which the server sends what it plays. */
export const FRAME_MS = 20;

/**
 * `samples` (mono 16-bit PCM at `from` Hz) at OPUS_RATE, by linear interpolation: enough for the
 * speech synthesiser's 22 050 Hz voice on a phone call (no content above 11 kHz to alias).
 */
export function resampleTo48k(samples: Int16Array, from: number): Int16Array {
  if (from === OPUS_RATE) return samples;
  const out = new Int16Array(Math.floor((samples.length * OPUS_RATE) / from));
  const step = from / OPUS_RATE;
  for (let i = 0; i < out.length; i++) {
    const x = i * step;
    const j = Math.floor(x);
    const a = samples[j] ?? 0;
    const b = samples[j + 1] ?? a;
    out[i] = Math.round(a + (b - a) * (x - j));
  }
  return out;
}

/** A sine note of `hz` for `ms` at OPUS_RATE, `gain` of full scale, with 10 ms fades (no clicks). */
function tone(hz: number, ms: number, gain: number): Int16Array {
  const n = Math.round((OPUS_RATE * ms) / 1000);
  const fade = OPUS_RATE / 100;
  const out = new Int16Array(n);
  for (let i = 0; i < n; i++) {
    const envelope = Math.min(1, i / fade, (n - i) / fade);
    out[i] = Math.round(Math.sin((2 * Math.PI * hz * i) / OPUS_RATE) * envelope * gain * 32767);
  }
  return out;
}

function concat(parts: readonly Int16Array[]): Int16Array {
  const out = new Int16Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/**
 * The sandbox's hold music: a calm arpeggio (C major, A minor, F, G; 250 ms notes) made here, so
 * no recording and no rights are involved. About 8 s, played in a loop. Mono PCM at OPUS_RATE.
 */
export function holdMusicPcm(): Int16Array {
  const chords = [
    [261.63, 329.63, 392.0, 523.25],
    [220.0, 261.63, 329.63, 440.0],
    [174.61, 220.0, 261.63, 349.23],
    [196.0, 246.94, 293.66, 392.0],
  ];
  return concat(chords.flatMap((notes) => [...notes, ...notes].map((hz) => tone(hz, 250, 0.2))));
}

/** The beep after the voicemail greeting (1 kHz, 400 ms), then 200 ms of silence. Mono PCM at OPUS_RATE. */
export function beepPcm(): Int16Array {
  return concat([tone(1000, 400, 0.3), new Int16Array(OPUS_RATE / 5)]);
}

/**
 * `pcm` (mono 16-bit at OPUS_RATE) as Opus packets of 20 ms each, ready to be sent one per RTP
 * packet (the last frame padded with silence). libopus compiled to WebAssembly (opusscript);
 * one encoder per call of this function, freed before it returns.
 */
export function encodeOpusFrames(pcm: Int16Array): Buffer[] {
  const encoder = new OpusScript(OPUS_RATE, 1, OpusScript.Application.VOIP);
  try {
    const frames: Buffer[] = [];
    for (let at = 0; at < pcm.length; at += FRAME_SAMPLES) {
      const frame = new Int16Array(FRAME_SAMPLES);
      frame.set(pcm.subarray(at, Math.min(pcm.length, at + FRAME_SAMPLES)));
      frames.push(Buffer.from(encoder.encode(Buffer.from(frame.buffer), FRAME_SAMPLES)));
    }
    return frames;
  } finally {
    encoder.delete();
  }
}

let holdMusic: Buffer[] | null = null;
let beep: Buffer[] | null = null;

/** The hold music's Opus frames, encoded once per process. */
export function holdMusicFrames(): Buffer[] {
  return (holdMusic ??= encodeOpusFrames(holdMusicPcm()));
}

/** The voicemail beep's Opus frames, encoded once per process. */
export function beepFrames(): Buffer[] {
  return (beep ??= encodeOpusFrames(beepPcm()));
}
