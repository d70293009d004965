import type { SessionDescription } from '@accueil/domain';

/** Longest wait for ICE candidates before a description is sent anyway (ms). */
export const ICE_GATHERING_MAX_MS = 3000;

/**
 * One leg of a sandbox call's audio (docs/behaviour/calls.md, "Sandbox calls"): this browser's
 * microphone out to the server's media leg, what the server sends (the other end, a greeting,
 * hold music) in. This side offers and the server answers, each description whole (no trickle
 * ICE): it leaves once its candidates are gathered.
 */
export interface WebRtcLeg {
  readonly peer: RTCPeerConnection;
  /** Makes the offer (both the phone's and the staff's legs offer to the server). */
  offer(): Promise<SessionDescription>;
  /** Takes the server's answer to this leg's offer. */
  accept(answer: SessionDescription): Promise<void>;
  setMuted(muted: boolean): void;
  sendDigits(digits: string): void;
  close(): void;
}

async function gathered(peer: RTCPeerConnection): Promise<SessionDescription> {
  if (peer.iceGatheringState !== 'complete') {
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        peer.removeEventListener('icegatheringstatechange', check);
        resolve();
      };
      const check = () => peer.iceGatheringState === 'complete' && done();
      const timer = setTimeout(done, ICE_GATHERING_MAX_MS);
      peer.addEventListener('icegatheringstatechange', check);
    });
  }
  const local = peer.localDescription;
  if (!local || (local.type !== 'offer' && local.type !== 'answer')) throw new Error('No local description');
  return { type: local.type, sdp: local.sdp };
}

/**
 * Opens a leg: asks for the microphone (Chromium's fake device in tests), adds its track, and
 * plays what the other end sends in an audio element kept off the page. `role` names the
 * connection in `window.__sandboxVoicePeers` for the journeys (sandbox only).
 * @throws DOMException when the microphone is refused or missing.
 */
export async function openWebRtcLeg(role: 'staff' | 'phone'): Promise<WebRtcLeg> {
  const microphone = await navigator.mediaDevices.getUserMedia({ audio: true, video: false });
  const peer = new RTCPeerConnection({ iceServers: [] });
  const [track] = microphone.getAudioTracks();
  const sender = track ? peer.addTrack(track, microphone) : null;
  // The sandbox's journeys read the connection's stats here (both ends may share one page).
  const peers = ((
    window as { __sandboxVoicePeers?: Record<string, RTCPeerConnection> }
  ).__sandboxVoicePeers ??= {});
  peers[role] = peer;
  const speaker = new Audio();
  speaker.autoplay = true;
  peer.addEventListener('track', (event) => {
    speaker.srcObject = event.streams[0] ?? new MediaStream([event.track]);
    void speaker.play().catch(() => undefined);
  });
  return {
    peer,
    async offer() {
      await peer.setLocalDescription(await peer.createOffer());
      return gathered(peer);
    },
    async accept(answer) {
      await peer.setRemoteDescription(answer);
    },
    setMuted(muted) {
      if (track) track.enabled = !muted;
    },
    sendDigits(digits) {
      sender?.dtmf?.insertDTMF(digits);
    },
    close() {
      microphone.getTracks().forEach((t) => t.stop());
      speaker.srcObject = null;
      peer.close();
    },
  };
}
