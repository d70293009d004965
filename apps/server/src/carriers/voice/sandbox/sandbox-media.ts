import { randomUUID } from 'node:crypto';
import { readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { MediaStreamTrack, RTCPeerConnection, RTCRtpTransceiver, RtpPacket } from 'werift';
import type { MediaRecorder } from 'werift/nonstandard';
import { FRAME_MS, FRAME_SAMPLES, OPUS_RATE } from './sandbox-audio';
import { gathered, legCodecs, loadedWerift, loadWerift, OPUS_PT } from './sandbox-werift';
import type {
  LegStats,
  MediaDescription,
  MediaParty,
  MediaRecording,
  SandboxMedia,
} from './sandbox-media-types';

export type { LegStats, MediaDescription, MediaParty, MediaRecording, SandboxMedia };

/** RFC 4733 event codes of the keypad. */
const DTMF_KEYS = '0123456789*#';

type Leg = {
  party: MediaParty;
  peer: RTCPeerConnection;
  transceiver: RTCRtpTransceiver;
  /** What last fed this leg's sender: a switch asks the sender to keep its RTP continuous. */
  source: string | null;
  /** The payload type the browser chose for keypad events (Chromium numbers them its own way). */
  digitPayloadType: number | null;
  connected: Promise<void>;
  stats: LegStats;
};

type Player = { timer: NodeJS.Timeout; done: (playedThrough: boolean) => void };
type Recording = {
  track: MediaStreamTrack;
  recorder: MediaRecorder;
  path: string;
  firstTimestamp: number | null;
  lastTimestamp: number | null;
  wraps: number;
};

type CallMedia = {
  caller: Leg | null;
  agents: Map<string, Leg>;
  /** What the caller hears: an agent (bridged), something the server plays, or nothing. */
  feed: { kind: 'agent'; userId: string } | { kind: 'player'; player: Player } | { kind: 'silence' };
  /** The agent who hears the caller (null: on hold, in a queue, or not answered). */
  listener: string | null;
  recording: Recording | null;
  /** The last RFC 4733 event's timestamp: one key press sends several packets. */
  lastDigitTimestamp: number | null;
};

/** A fresh media server with no call. */
export function createSandboxMedia(): SandboxMedia {
  const calls = new Map<string, CallMedia>();
  const digitListeners: ((callId: string, key: string) => void)[] = [];

  const callOf = (callId: string): CallMedia => {
    let media = calls.get(callId);
    if (!media) {
      media = {
        caller: null,
        agents: new Map(),
        feed: { kind: 'silence' },
        listener: null,
        recording: null,
        lastDigitTimestamp: null,
      };
      calls.set(callId, media);
    }
    return media;
  };
  const legOf = (media: CallMedia | undefined, party: MediaParty): Leg | null =>
    media ? (party === 'caller' ? media.caller : (media.agents.get(party) ?? null)) : null;

  /** Sends `packet` on `leg`, keeping its RTP stream continuous when the source changes. */
  const send = (leg: Leg | null, source: string, packet: RtpPacket) => {
    if (!leg) return;
    const sender = leg.transceiver.sender;
    if (leg.source !== source) {
      sender.replaceRTP(packet.header, false, FRAME_SAMPLES);
      leg.source = source;
    }
    leg.stats.packetsSent++;
    void sender.sendRtp(packet).catch(() => undefined);
  };

  const stopFeed = (media: CallMedia, playedThrough = false) => {
    if (media.feed.kind === 'player') {
      clearInterval(media.feed.player.timer);
      media.feed.player.done(playedThrough);
    }
    media.feed = { kind: 'silence' };
  };

  const onDigitPacket = (callId: string, media: CallMedia, packet: RtpPacket) => {
    const event = packet.payload[0];
    if (
      event === undefined ||
      event >= DTMF_KEYS.length ||
      media.lastDigitTimestamp === packet.header.timestamp
    )
      return;
    media.lastDigitTimestamp = packet.header.timestamp;
    for (const listener of digitListeners) listener(callId, DTMF_KEYS[event]!);
  };

  const record = (recording: Recording, packet: RtpPacket) => {
    const ts = packet.header.timestamp;
    if (recording.firstTimestamp === null) recording.firstTimestamp = ts;
    if (
      recording.lastTimestamp !== null &&
      ts < recording.lastTimestamp &&
      recording.lastTimestamp - ts > 0x80000000
    )
      recording.wraps++;
    recording.lastTimestamp = ts;
    recording.track.writeRtp(packet);
  };

  /** Routes what `party` sent: the caller's audio to its listener and recording, an agent's to the caller when bridged. */
  const onRtp = (callId: string, party: MediaParty, leg: Leg, packet: RtpPacket) => {
    leg.stats.packetsReceived++;
    leg.stats.bytesReceived += packet.payload.length;
    const media = calls.get(callId);
    if (!media) return;
    if (packet.header.payloadType === leg.digitPayloadType) {
      if (party === 'caller') onDigitPacket(callId, media, packet);
      return;
    }
    if (party === 'caller') {
      if (media.listener) send(legOf(media, media.listener), 'caller', packet);
      if (media.recording) record(media.recording, packet);
    } else if (media.feed.kind === 'agent' && media.feed.userId === party) {
      send(media.caller, `agent:${party}`, packet);
    }
  };

  const closeLeg = (leg: Leg | null) => {
    if (leg) void leg.peer.close().catch(() => undefined);
  };

  return {
    async connect(callId, party, offer) {
      const lib = await loadWerift();
      const peer = new lib.RTCPeerConnection({
        codecs: { audio: legCodecs(lib), video: [] },
        iceUseIpv6: false,
      });
      const stats: LegStats = { packetsReceived: 0, bytesReceived: 0, packetsSent: 0 };
      let leg: Leg | null = null;
      // werift announces the remote track while it reads the offer: listen before.
      peer.onTrack.subscribe((track) => {
        track.onReceiveRtp.subscribe((packet) => leg && onRtp(callId, party, leg, packet));
      });
      const connected = new Promise<void>((resolve) => {
        peer.connectionStateChange.subscribe((state) => state === 'connected' && resolve());
      });
      await peer.setRemoteDescription(offer);
      const transceiver = peer.getTransceivers().find((t) => t.kind === 'audio');
      if (!transceiver) {
        await peer.close();
        throw new Error('The offer has no audio');
      }
      transceiver.setDirection('sendrecv');
      leg = { party, peer, transceiver, source: null, digitPayloadType: null, connected, stats };
      await peer.setLocalDescription(await peer.createAnswer());
      leg.digitPayloadType =
        transceiver.codecs.find((c) => c.mimeType.toLowerCase() === 'audio/telephone-event')?.payloadType ??
        null;
      await gathered(peer);
      const media = callOf(callId);
      closeLeg(legOf(media, party));
      if (party === 'caller') media.caller = leg;
      else media.agents.set(party, leg);
      const local = peer.localDescription;
      if (!local) throw new Error('No local description');
      return { type: 'answer', sdp: local.sdp };
    },

    connected(callId, party) {
      return legOf(calls.get(callId), party)?.connected ?? new Promise<void>(() => undefined);
    },

    play(callId, frames, { loop = false } = {}) {
      const media = callOf(callId);
      stopFeed(media);
      media.listener = null;
      if (frames.length === 0) return Promise.resolve(true);
      return new Promise<boolean>((resolve) => {
        const source = `player:${randomUUID()}`;
        // The player's own RTP clock; the caller's sender maps it onto the leg's stream.
        let sequenceNumber = Math.floor(Math.random() * 0xffff);
        let timestamp = Math.floor(Math.random() * 0xffffffff);
        let at = 0;
        const player: Player = {
          done: resolve,
          timer: setInterval(() => {
            if (at >= frames.length) {
              if (!loop) {
                stopFeed(media, true);
                return;
              }
              at = 0;
            }
            // No caller's leg (so werift may not be loaded yet): the frame is not heard.
            const werift = loadedWerift();
            if (media.caller && werift) {
              const header = new werift.RtpHeader({
                payloadType: OPUS_PT,
                sequenceNumber,
                timestamp,
                marker: at === 0,
              });
              send(media.caller, source, new werift.RtpPacket(header, frames[at]!));
            }
            at++;
            sequenceNumber = (sequenceNumber + 1) & 0xffff;
            timestamp = (timestamp + FRAME_SAMPLES) >>> 0;
          }, FRAME_MS),
        };
        media.feed = { kind: 'player', player };
      });
    },

    bridge(callId, userId) {
      const media = callOf(callId);
      stopFeed(media);
      media.feed = { kind: 'agent', userId };
      media.listener = userId;
    },

    hold(callId, frames) {
      void this.play(callId, frames, { loop: true });
    },

    silence(callId) {
      const media = callOf(callId);
      stopFeed(media);
      media.listener = null;
    },

    startRecording(callId) {
      const media = callOf(callId);
      // No leg has connected in this process (werift not loaded): no packet could be recorded.
      const werift = loadedWerift();
      if (media.recording || !werift) return;
      const track = new werift.MediaStreamTrack({ kind: 'audio', codec: legCodecs(werift)[0] });
      const path = join(tmpdir(), `accueil-voicemail-${randomUUID()}.webm`);
      const recorder = new werift.MediaRecorder({
        path,
        tracks: [track],
        disableLipSync: true,
        disableNtp: true,
      });
      media.recording = { track, recorder, path, firstTimestamp: null, lastTimestamp: null, wraps: 0 };
    },

    async stopRecording(callId) {
      const media = calls.get(callId);
      const recording = media?.recording;
      if (!media || !recording) return null;
      media.recording = null;
      await recording.recorder.stop();
      recording.track.stop();
      try {
        if (recording.firstTimestamp === null || recording.lastTimestamp === null) return null;
        const span =
          recording.lastTimestamp + recording.wraps * 2 ** 32 - recording.firstTimestamp + FRAME_SAMPLES;
        const bytes = await readFile(recording.path).catch(() => Buffer.alloc(0));
        return { bytes, contentType: 'audio/webm', durationSeconds: span / OPUS_RATE };
      } finally {
        await rm(recording.path, { force: true });
      }
    },

    dropLeg(callId, party) {
      const media = calls.get(callId);
      if (!media) return;
      closeLeg(legOf(media, party));
      if (party === 'caller') media.caller = null;
      else media.agents.delete(party);
      if (media.listener === party) media.listener = null;
      if (media.feed.kind === 'agent' && media.feed.userId === party) media.feed = { kind: 'silence' };
    },

    end(callId) {
      const media = calls.get(callId);
      if (!media) return;
      calls.delete(callId);
      stopFeed(media);
      if (media.recording) {
        void media.recording.recorder.stop().finally(() => rm(media.recording!.path, { force: true }));
      }
      closeLeg(media.caller);
      for (const leg of media.agents.values()) closeLeg(leg);
    },

    stats(callId, party) {
      const leg = legOf(calls.get(callId), party);
      return leg ? { ...leg.stats } : null;
    },

    onDigit(listener) {
      digitListeners.push(listener);
    },

    close() {
      for (const callId of [...calls.keys()]) this.end(callId);
    },
  };
}
