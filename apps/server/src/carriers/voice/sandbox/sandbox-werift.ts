import type { RTCPeerConnection, RTCRtpCodecParameters } from 'werift';
import { OPUS_RATE } from './sandbox-audio';

/*
 * The sandbox media server's WebRTC library (werift) and what its legs are made with: the library
 * loaded on first use, the codecs a leg offers, the wait for its ICE candidates.
 */

/** RTP payload types the server's legs offer: Opus (as browsers number it) and RFC 4733 digits. */
export const OPUS_PT = 111;
const DTMF_PT = 101;
/** Longest wait for the server's ICE candidates (host only: quick) before answering anyway (ms). */
const GATHERING_MAX_MS = 2000;

/** werift's API with its MediaRecorder (`werift/nonstandard`). */
export type Werift = typeof import('werift') & Pick<typeof import('werift/nonstandard'), 'MediaRecorder'>;

/**
 * werift, loaded with the first leg a call connects: about 11 MB of heap that a server carrying no
 * sandbox call never holds, and every full garbage collection marks (docs/benchmarks.md,
 * attachments). Null until then: no leg, no packet to send or record.
 */
let werift: Werift | null = null;

/** werift, loading it the first time. */
export async function loadWerift(): Promise<Werift> {
  const [main, { MediaRecorder }] = await Promise.all([import('werift'), import('werift/nonstandard')]);
  werift ??= { ...main, MediaRecorder };
  return werift;
}

/** werift when a leg has loaded it, else null (no leg yet in this process: no packet to send or record). */
export function loadedWerift(): Werift | null {
  return werift;
}

/** Waits for the server's ICE candidates, `GATHERING_MAX_MS` at most. */
export async function gathered(peer: RTCPeerConnection): Promise<void> {
  if (peer.iceGatheringState === 'complete') return;
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, GATHERING_MAX_MS);
    peer.iceGatheringStateChange.subscribe((state) => {
      if (state === 'complete') {
        clearTimeout(timer);
        resolve();
      }
    });
  });
}

/** Codecs of a server leg: Opus stereo-capable at 48 kHz (what browsers offer) and keypad events. */
export function legCodecs({ RTCRtpCodecParameters }: Werift): RTCRtpCodecParameters[] {
  return [
    new RTCRtpCodecParameters({
      mimeType: 'audio/opus',
      clockRate: OPUS_RATE,
      channels: 2,
      payloadType: OPUS_PT,
    }),
    new RTCRtpCodecParameters({
      mimeType: 'audio/telephone-event',
      clockRate: OPUS_RATE,
      payloadType: DTMF_PT,
    }),
  ];
}
