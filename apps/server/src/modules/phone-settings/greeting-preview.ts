import type { Locale } from '@accueil/domain';
import type { AppDeps } from '../../app-deps';
import { synthesizeSpeech, type SynthesizedSpeech } from '../../carriers/voice/speech';
import type { RequestContext } from '../../http/request-context';
import { getOrganizationSettings } from '../organizations/index';
import { authorizePhoneSettings } from './phone-settings.policy';

/**
 * A WAV file (RIFF, PCM, mono, 16-bit little-endian) of synthesised speech: the 44-byte header
 * then the samples. Why by hand: the header is fixed and a dozen fields long; no library needed.
 */
export function wavOf(speech: SynthesizedSpeech): Buffer {
  const data = Buffer.from(speech.samples.buffer, speech.samples.byteOffset, speech.samples.byteLength);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16); // size of the fmt chunk
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(speech.sampleRate, 24);
  header.writeUInt32LE(speech.sampleRate * 2, 28); // bytes per second
  header.writeUInt16LE(2, 32); // bytes per frame
  header.writeUInt16LE(16, 34); // bits per sample
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

/**
 * POST /api/voicemail-greetings/preview (administrators): `text` spoken by the app's speech
 * synthesis (`synthesizeSpeech`) in `locale`, else the organisation's language, as a WAV file.
 * @throws AppError `forbidden`; Error when the synthesiser cannot load (500).
 */
export async function previewGreeting(
  deps: Pick<AppDeps, 'db'>,
  ctx: RequestContext,
  input: { text: string; locale?: Locale },
): Promise<Buffer> {
  authorizePhoneSettings(ctx);
  const language =
    input.locale ?? (await getOrganizationSettings(deps, ctx.organizationId))?.locale ?? 'fr-CA';
  return wavOf(await synthesizeSpeech({ text: input.text, language }));
}
