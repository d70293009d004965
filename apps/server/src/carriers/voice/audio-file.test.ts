import { randomUUID } from 'node:crypto';
import { readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { MediaStreamTrack, RTCRtpCodecParameters, RtpHeader, RtpPacket } from 'werift';
import { MediaRecorder } from 'werift/nonstandard';
import { wavOf } from '../../modules/phone-settings/greeting-preview';
import { audioFileFrames, decodeAudioFilePcm, greetingAudioForPhone } from './audio-file';
import { encodeOpusFrames, FRAME_SAMPLES, holdMusicPcm, OPUS_RATE } from './sandbox/sandbox-audio';

/** A WebM/Opus file as the browser's MediaRecorder (or the sandbox's voicemail) writes it, from Opus frames. */
async function webmOf(frames: readonly Buffer[]): Promise<Buffer> {
  const track = new MediaStreamTrack({
    kind: 'audio',
    codec: new RTCRtpCodecParameters({
      mimeType: 'audio/opus',
      clockRate: OPUS_RATE,
      channels: 2,
      payloadType: 111,
    }),
  });
  const path = join(tmpdir(), `accueil-test-${randomUUID()}.webm`);
  const recorder = new MediaRecorder({ path, tracks: [track], disableLipSync: true, disableNtp: true });
  // The recorder opens its file asynchronously: packets before that, or not yet written at its stop, are lost.
  await setTimeout(100);
  frames.forEach((frame, i) =>
    track.writeRtp(
      new RtpPacket(
        new RtpHeader({ payloadType: 111, sequenceNumber: i, timestamp: i * FRAME_SAMPLES }),
        frame,
      ),
    ),
  );
  await setTimeout(200);
  await recorder.stop();
  try {
    return await readFile(path);
  } finally {
    await rm(path, { force: true });
  }
}

/** The loudness (RMS, of full scale) of mono PCM. */
const rms = (pcm: Int16Array) =>
  Math.sqrt(pcm.reduce((s, v) => s + v * v, 0) / Math.max(1, pcm.length)) / 32767;

describe('greeting audio files in the sandbox (decoded, then Opus frames)', () => {
  it('decode a WAV file at its own rate to 48 kHz mono of the same length', async () => {
    const samples = new Int16Array(22_050).map((_, i) =>
      Math.round(Math.sin((2 * Math.PI * 440 * i) / 22_050) * 8000),
    );
    const pcm = await decodeAudioFilePcm(wavOf({ sampleRate: 22_050, samples }));
    expect(pcm.length).toBe(OPUS_RATE);
    expect(rms(pcm)).toBeGreaterThan(0.15);
  });

  it('decode a WebM/Opus recording (as a browser records it) to frames of its length, within 5 %', async () => {
    const music = holdMusicPcm().subarray(0, 3 * OPUS_RATE);
    const webm = await webmOf(encodeOpusFrames(music));
    const frames = await audioFileFrames(webm);
    const seconds = (frames.length * FRAME_SAMPLES) / OPUS_RATE;
    expect(Math.abs(seconds - 3)).toBeLessThan(0.15);
    expect(rms(await decodeAudioFilePcm(webm))).toBeGreaterThan(0.05);
  });

  it('serve a greeting to the phone carrier as WAV when it is not MP3 or WAV; an MP3 or WAV as it is', async () => {
    const wav = wavOf({ sampleRate: 8000, samples: new Int16Array(800) });
    expect(await greetingAudioForPhone({ mediaType: 'audio/wav', content: wav })).toEqual({
      mediaType: 'audio/wav',
      content: wav,
    });
    const webm = await webmOf(encodeOpusFrames(holdMusicPcm().subarray(0, OPUS_RATE)));
    const served = await greetingAudioForPhone({ mediaType: 'audio/webm', content: webm });
    expect(served.mediaType).toBe('audio/wav');
    expect(served.content.subarray(0, 4).toString()).toBe('RIFF');
    expect((await decodeAudioFilePcm(served.content)).length).toBeGreaterThan(0.9 * OPUS_RATE);
  });

  it('refuse bytes that are no audio', async () => {
    await expect(decodeAudioFilePcm(Buffer.from('not an audio file at all, only text'))).rejects.toThrow();
  });
});
