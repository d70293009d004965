import decodeAudio from 'audio-decode';
import { encodeOpusFrames, OPUS_RATE, resampleTo48k } from './sandbox/sandbox-audio';

/**
 * An audio file (a voicemail greeting uploaded or recorded in the browser: MP3, WAV, Ogg, WebM
 * or MP4 audio, found from its content) as mono 16-bit PCM at OPUS_RATE (48 kHz): decoded by
 * `audio-decode` (each format's decoder in JavaScript or WebAssembly, loaded when first needed),
 * its channels mixed down, resampled (`resampleTo48k`).
 * @throws Error when the content is no audio the decoders read.
 */
export async function decodeAudioFilePcm(bytes: Uint8Array): Promise<Int16Array> {
  const { channelData, sampleRate } = await decodeAudio(bytes);
  const length = channelData[0]?.length ?? 0;
  if (length === 0) throw new Error('The audio file holds no samples');
  const mono = new Int16Array(length);
  for (let i = 0; i < length; i++) {
    let sum = 0;
    for (const channel of channelData) sum += channel[i] ?? 0;
    mono[i] = Math.round(Math.max(-1, Math.min(1, sum / channelData.length)) * 32767);
  }
  return resampleTo48k(mono, sampleRate);
}

/** An audio file as 20 ms Opus frames, ready for the media server's `play` (see `decodeAudioFilePcm`). */
export async function audioFileFrames(bytes: Uint8Array): Promise<Buffer[]> {
  return encodeOpusFrames(await decodeAudioFilePcm(bytes));
}

/** Media types Twilio's `<Play>` reads as they are; other greetings are served as WAV (`greetingAudioForPhone`). */
const PLAYABLE_BY_PHONE = new Set(['audio/mpeg', 'audio/mp3', 'audio/wav', 'audio/x-wav', 'audio/wave']);

/** Mono 16-bit PCM at `sampleRate` as a WAV file (44-byte RIFF header). */
export function wavFile(samples: Int16Array, sampleRate: number): Buffer {
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + samples.byteLength, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(samples.byteLength, 40);
  return Buffer.concat([header, Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength)]);
}

/**
 * A greeting's audio as a phone carrier plays it (Twilio's `<Play>`: MP3 or WAV): an MP3 or WAV
 * file as it is, any other (a browser's WebM/Opus recording, Ogg, MP4) decoded
 * (`decodeAudioFilePcm`) and served as a 48 kHz mono WAV.
 * @throws Error when the content is no audio the decoders read.
 */
export async function greetingAudioForPhone(audio: {
  mediaType: string;
  content: Buffer;
}): Promise<{ mediaType: string; content: Buffer }> {
  if (PLAYABLE_BY_PHONE.has(audio.mediaType.toLowerCase())) return audio;
  return { mediaType: 'audio/wav', content: wavFile(await decodeAudioFilePcm(audio.content), OPUS_RATE) };
}
