// The sandbox media server's public shapes (docs/behaviour/calls.md, "Sandbox calls"); its
// implementation is sandbox-media.ts.

/** A WebRTC session description as the browsers and the signalling carry it. */
export type MediaDescription = { type: 'offer' | 'answer'; sdp: string };

/** Who a leg of a call is: the simulated phone (`caller`, whichever way the call goes) or a staff member (their user id). */
export type MediaParty = 'caller' | (string & {});

/** A voicemail as recorded: WebM (Opus) bytes, and its length in seconds from the RTP clock. */
export type MediaRecording = { bytes: Buffer; contentType: 'audio/webm'; durationSeconds: number };

/** Counters of one leg, for the tests and the benchmark. */
export type LegStats = { packetsReceived: number; bytesReceived: number; packetsSent: number };

/**
 * The sandbox's media server (docs/behaviour/calls.md, "Sandbox calls"): every leg of a call —
 * the phone simulator's and each staff browser's — is a WebRTC connection with this server
 * (werift, pure TypeScript), not with the other browser. The server forwards the caller's Opus
 * RTP to the agent who has the call and the agent's to the caller, unchanged (no transcoding);
 * it plays Opus frames to the caller (greeting, hold music: `play`) and records the caller's audio
 * (voicemail). State lives in this process, like the switchboard's.
 */
export interface SandboxMedia {
  /**
   * Answers `party`'s offer for `callId` (its candidates gathered: no trickle ICE) and opens its
   * leg; a second offer from the same party replaces its leg (a reconnecting browser).
   * @throws Error when the offer cannot be read (werift's).
   */
  connect(callId: string, party: MediaParty, offer: MediaDescription): Promise<MediaDescription>;
  /** Resolves once `party`'s leg carries media (DTLS done); never resolves for a missing leg. */
  connected(callId: string, party: MediaParty): Promise<void>;
  /**
   * The caller hears `frames` (20 ms Opus packets), from the start; the agent no longer reaches
   * them. `loop` repeats them until something else is fed. Resolves when played through, or
   * when replaced (by another `play`, `bridge`, `hold`, `silence`, or the call's end): true when
   * played through, false when replaced.
   */
  play(callId: string, frames: readonly Buffer[], options?: { loop?: boolean }): Promise<boolean>;
  /** The caller and the staff member `userId` hear each other (taking effect as their legs carry media). */
  bridge(callId: string, userId: string): void;
  /** The caller hears `frames` in a loop (hold music) and the staff member neither hears nor reaches them. */
  hold(callId: string, frames: readonly Buffer[]): void;
  /** The caller hears nothing, and nobody hears the caller. */
  silence(callId: string): void;
  /** Starts recording what the caller says (a voicemail after its beep). */
  startRecording(callId: string): void;
  /** Stops the recording and returns it (null when none was started, or nothing was received). */
  stopRecording(callId: string): Promise<MediaRecording | null>;
  /** Closes `party`'s leg (a staff member who left the call); the call's other legs go on. */
  dropLeg(callId: string, party: MediaParty): void;
  /** Closes every leg of the call and drops its state (a recording in progress is discarded: stop it first). */
  end(callId: string): void;
  /** A leg's counters (null when the leg does not exist). */
  stats(callId: string, party: MediaParty): LegStats | null;
  /** Calls `listener(callId, key)` for each key the caller presses (RFC 4733 events: 0-9, *, #). */
  onDigit(listener: (callId: string, key: string) => void): void;
  /** Ends every call (the server stops). */
  close(): void;
}
