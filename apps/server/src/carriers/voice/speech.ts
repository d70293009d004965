/**
 * Speech synthesis for what the app says on a call (greetings, queue and voicemail prompts) when
 * it is its own voice network (the sandbox) or previews a greeting. eSpeak NG compiled to
 * WebAssembly (`@echogarden/espeak-ng-emscripten`, GPL-3.0, run as a library inside the server
 * process: no binary, no network): robotic but intelligible, instant, and in both of the app's
 * languages (docs/behaviour/calls.md, "Sandbox calls").
 */

/** Mono 16-bit PCM: `samples` at `sampleRate` hertz (eSpeak NG's own rate, 22 050 Hz). */
export type SynthesizedSpeech = { sampleRate: number; samples: Int16Array };

type EspeakWorker = {
  set_voice(name: string): void;
  set_rate(wordsPerMinute: number): void;
  get_samplerate(): number;
  synthesize(text: string, onChunk: (samples: Int16Array | null) => void): void;
};

let worker: Promise<EspeakWorker> | null = null;

/** The one eSpeak NG instance of the process, loaded on first use (~0.2 s, 24 MB of voice data). */
function espeak(): Promise<EspeakWorker> {
  worker ??= import('@echogarden/espeak-ng-emscripten').then(async ({ default: init }) => {
    const module = await init();
    return new module.eSpeakNGWorker() as EspeakWorker;
  });
  worker.catch(() => {
    worker = null; // a failed load is tried again by the next call
  });
  return worker;
}

/**
 * eSpeak NG's voice for a language tag (`fr-CA`, `en-CA`, `fr-FR`, or a bare `fr`/`en`): French
 * for any `fr`, North-American English for any `en`; an unknown language speaks French, the app's
 * default.
 */
export function espeakVoiceFor(language: string): string {
  const primary = language.toLowerCase().split(/[-_]/)[0];
  return primary === 'en' ? 'en-us' : 'fr';
}

/**
 * Speaks `text` in `language` (a locale tag such as `fr-CA`; see `espeakVoiceFor`) and returns
 * the whole utterance as mono 16-bit PCM at eSpeak NG's rate (22 050 Hz). An empty text gives no
 * samples. Synthesis runs on the calling thread (about 50 ms per second of speech on this machine).
 * @throws Error when the synthesiser cannot load.
 */
export async function synthesizeSpeech({
  text,
  language,
}: {
  text: string;
  language: string;
}): Promise<SynthesizedSpeech> {
  const tts = await espeak();
  const sampleRate = tts.get_samplerate();
  if (!text.trim()) return { sampleRate, samples: new Int16Array(0) };
  tts.set_voice(espeakVoiceFor(language));
  // A little slower than eSpeak's 175 words a minute: phone audio, and a caller who listens once.
  tts.set_rate(160);
  const chunks: Int16Array[] = [];
  tts.synthesize(text, (samples) => {
    if (samples && samples.length > 0) chunks.push(samples);
  });
  const samples = new Int16Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const chunk of chunks) {
    samples.set(chunk, at);
    at += chunk.length;
  }
  return { sampleRate, samples };
}
