import {
  RTCPeerConnection,
  RTCRtpCodecParameters,
  RtpHeader,
  RtpPacket,
  type RTCRtpTransceiver,
} from 'werift';

/** A session description as the sandbox's signalling carries it. */
type Description = { type: 'offer' | 'answer'; sdp: string };

/**
 * A scripted WebRTC end in Node (werift) standing for a browser in the sandbox's media tests:
 * it offers an Opus audio leg, sends the payloads it is given as RTP every 20 ms, and keeps what
 * it receives. Payloads need not be real Opus: the media server forwards them as they are.
 */
export type TestPeer = {
  offer(): Promise<Description>;
  accept(answer: Description): Promise<void>;
  /** Sends `payloads` one per 20 ms (RTP timestamps 960 apart); resolves once all are sent. */
  send(payloads: readonly Buffer[]): Promise<void>;
  /** Sends one RFC 4733 key press (0-9). */
  pressKey(key: number): Promise<void>;
  /** Every payload received so far, in order. */
  readonly received: Buffer[];
  connected: Promise<void>;
  close(): Promise<void>;
};

export function createTestPeer(): TestPeer {
  const peer = new RTCPeerConnection({
    codecs: {
      audio: [
        new RTCRtpCodecParameters({
          mimeType: 'audio/opus',
          clockRate: 48000,
          channels: 2,
          payloadType: 111,
        }),
        new RTCRtpCodecParameters({ mimeType: 'audio/telephone-event', clockRate: 48000, payloadType: 101 }),
      ],
      video: [],
    },
    iceUseIpv6: false,
  });
  const transceiver: RTCRtpTransceiver = peer.addTransceiver('audio', { direction: 'sendrecv' });
  const received: Buffer[] = [];
  transceiver.onTrack.subscribe((track) =>
    track.onReceiveRtp.subscribe((packet) => received.push(packet.payload)),
  );
  const connected = new Promise<void>((resolve) =>
    peer.connectionStateChange.subscribe((s) => s === 'connected' && resolve()),
  );
  let seq = 1;
  let ts = 1000;
  const rtp = (payloadType: number, payload: Buffer, timestamp = ts) =>
    new RtpPacket(
      new RtpHeader({ payloadType, sequenceNumber: seq++ & 0xffff, timestamp, ssrc: 0 }),
      payload,
    );
  return {
    received,
    connected,
    async offer() {
      await peer.setLocalDescription(await peer.createOffer());
      if (peer.iceGatheringState !== 'complete')
        await new Promise<void>((r) =>
          peer.iceGatheringStateChange.subscribe((s) => s === 'complete' && r()),
        );
      return { type: 'offer', sdp: peer.localDescription!.sdp };
    },
    async accept(answer) {
      await peer.setRemoteDescription(answer);
    },
    async send(payloads) {
      for (const payload of payloads) {
        await transceiver.sender.sendRtp(rtp(111, payload));
        ts += 960;
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    async pressKey(key) {
      // werift's sender stamps its codec's payload type: hand it the negotiated digits' codec meanwhile.
      const sender = transceiver.sender;
      const opus = sender.codec;
      sender.codec = transceiver.codecs.find((c) => c.mimeType.toLowerCase() === 'audio/telephone-event');
      const at = ts;
      try {
        for (let i = 0; i < 3; i++)
          await sender.sendRtp(rtp(101, Buffer.from([key, i === 2 ? 0x80 : 0, 0, 160]), at));
      } finally {
        sender.codec = opus;
      }
      ts += 960;
    },
    close: () => peer.close(),
  };
}
