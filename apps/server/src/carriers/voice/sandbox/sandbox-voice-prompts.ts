import { createHash } from 'node:crypto';
import type { CarrierHost } from '../../carrier-slot';
import { audioFileFrames } from '../audio-file';
import { encodeOpusFrames, FRAME_MS, holdMusicFrames, resampleTo48k } from './sandbox-audio';
import type { SpokenText } from './sandbox-switchboard';
import { synthesizeSpeech } from '../speech';

/** Prompts kept encoded (greetings per organisation, language and period; queue messages; greeting files). */
const PROMPT_CACHE_SIZE = 64;
const prompts = new Map<string, Promise<Buffer[]>>();

/** The frames kept under `key`, or made by `make` and kept (the oldest dropped past PROMPT_CACHE_SIZE; a failure is not kept). */
function cached(key: string, make: () => Promise<Buffer[]>): Promise<Buffer[]> {
  let frames = prompts.get(key);
  if (!frames) {
    frames = make();
    frames.catch(() => prompts.delete(key));
    prompts.set(key, frames);
    if (prompts.size > PROMPT_CACHE_SIZE) prompts.delete(prompts.keys().next().value!);
  }
  return frames;
}

/** `spoken`'s text as 20 ms Opus frames: synthesised (speech.ts), resampled to 48 kHz, encoded; kept for the next caller. */
export function spokenFrames(spoken: SpokenText): Promise<Buffer[]> {
  return cached(`speech\n${spoken.language}\n${spoken.text}`, () =>
    synthesizeSpeech(spoken).then(({ sampleRate, samples }) =>
      encodeOpusFrames(resampleTo48k(samples, sampleRate)),
    ),
  );
}

/**
 * What the caller hears for `spoken` on a call of `organizationId`: the organisation's stored
 * greeting audio when `spoken` names one (an uploaded file or a browser recording, decoded:
 * `audioFileFrames`; kept by its content's hash, so a replaced greeting is decoded again),
 * else its text spoken (`spokenFrames`). Audio that is gone or cannot be decoded falls back to
 * the text (logged).
 */
export async function promptFrames(
  deps: Pick<CarrierHost, 'voiceInbox' | 'log'>,
  organizationId: string,
  spoken: SpokenText,
): Promise<Buffer[]> {
  const id = spoken.audioGreetingId;
  if (!id) return spokenFrames(spoken);
  try {
    const audio = await deps.voiceInbox.greetingAudio({ organizationId, greetingId: id });
    if (audio) {
      const hash = createHash('sha256').update(audio.content).digest('base64url');
      return await cached(`audio\n${hash}`, () => audioFileFrames(audio.content));
    }
  } catch (err) {
    deps.log.warn(
      { err, greetingId: id },
      'sandbox call: the greeting audio could not be played, its text is spoken',
    );
  }
  return spokenFrames(spoken);
}

/** `seconds` of the hold music (looped over as needed): the pause between two queue messages. */
export function holdMusicFor(seconds: number): Buffer[] {
  const music = holdMusicFrames();
  const count = Math.max(1, Math.round((seconds * 1000) / FRAME_MS));
  return Array.from({ length: count }, (_, i) => music[i % music.length]!);
}
