import type { HostDeps } from '../../app-deps';
import type { SwitchboardCall } from '../../carriers/voice/sandbox/sandbox-switchboard';
import { answerCall, endCall } from '../calls/index';

/** The carrier name the sandbox's calls are kept under (their `callSid` is the switchboard's id). */
export const SANDBOX_VOICE_CARRIER = 'sandbox';

/**
 * Keeps the calls module's record of a sandbox call in step (docs/behaviour/calls.md, "Sandbox
 * calls"): answered by a staff member, then ended (`completed` once answered, `canceled` before).
 * The record is the calls module's; the audio is the sandbox's: a refused change (the record moved
 * on) is logged and the sandbox call goes on.
 */
export async function recordSandboxCallChange(
  deps: HostDeps,
  call: SwitchboardCall,
  change: 'answered' | 'ended',
  wasAnswered = false,
): Promise<void> {
  if (!call.recordId) return;
  try {
    if (change === 'answered' && call.staffUserId) {
      await answerCall(deps, {
        organizationId: call.organizationId,
        callId: call.recordId,
        userId: call.staffUserId,
      });
    } else if (change === 'ended') {
      await endCall(deps, {
        organizationId: call.organizationId,
        callId: call.recordId,
        outcome: wasAnswered ? 'completed' : 'canceled',
      });
    }
  } catch (err) {
    deps.log.warn({ err, callId: call.id, change }, 'sandbox call: the calls module refused the change');
  }
}
