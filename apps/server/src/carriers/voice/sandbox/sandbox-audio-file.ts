import decodeAudio from 'audio-decode';
import { encodeOpusFrames, resampleTo48k } from './sandbox-audio';

/**
 * An audio file (a voicemail greeting uploaded or recorded in the browser: MP3, WAV, Ogg, WebM
 * or MP4 audio, found from its content) as mono 16-bit PCM at OPUS_RATE: decoded by
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

