import { newCurrentCall, type CurrentCall, type VoiceCallSnapshot } from './voice-call';

/** Test snapshots of the call machine: an inbound call of team-a, ringing or accepted, or an outbound one. */
export const call = (patch: Partial<CurrentCall> = {}): CurrentCall => ({
  ...newCurrentCall('CA1', 'inbound', 'direct', 'team-a', false),
  ...patch,
});
export const ringing = (patch: Partial<CurrentCall> = {}): VoiceCallSnapshot => ({
  phase: 'incoming',
  call: call(patch),
});
export const onCall = (patch: Partial<CurrentCall> = {}): VoiceCallSnapshot => ({
  phase: 'on-call',
  call: call({ accepted: true, ...patch }),
});
export const outbound = (patch: Partial<CurrentCall> = {}): VoiceCallSnapshot =>
  onCall({ direction: 'outbound', forTeamId: null, ...patch });
