import type { CarrierHost } from '../../carrier-slot';
import type { SwitchboardCall } from './sandbox-switchboard';

/** The carrier name the sandbox's calls are kept under (their `callSid` is the switchboard's id). */
export const SANDBOX_VOICE_CARRIER = 'sandbox';

/**
 * Keeps the app's record of a sandbox call in step through the voice inbox (docs/behaviour/calls.md,
 * "Sandbox calls"): answered by a staff member, then ended (`completed` once answered, `canceled`
 * before). The record is the calls module's; the audio is the sandbox's: a refused change (the
 * record moved on) is logged and the sandbox call goes on.
 */
export async function recordSandboxCallChange(
  deps: CarrierHost,
  call: SwitchboardCall,
  change: 'answered' | 'ended',
  wasAnswered = false,
): Promise<void> {
  if (!call.recordId) return;
  try {
    if (change === 'answered' && call.staffUserId) {
      await deps.voiceInbox.answerCall({
        carrier: SANDBOX_VOICE_CARRIER,
        callSid: call.id,
        identity: call.staffUserId,
      });
    } else if (change === 'ended') {
      await deps.voiceInbox.endCall({
        carrier: SANDBOX_VOICE_CARRIER,
        callSid: call.id,
        outcome: wasAnswered ? 'completed' : 'canceled',
      });
    }
  } catch (err) {
    deps.log.warn({ err, callId: call.id, change }, 'sandbox call: the calls module refused the change');
  }
}
