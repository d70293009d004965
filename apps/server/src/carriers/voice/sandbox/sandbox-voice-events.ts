import type { CarrierHost } from '../../carrier-slot';
import { presentOutsideLeg, presentSandboxCall, type SwitchboardCall } from './sandbox-switchboard';
import { rooms } from '../../../realtime/publisher';
import { phoneRoom, SANDBOX_NAMESPACE } from '../../messaging/sandbox/sandbox-namespace';

/** The staff members a call concerns: the one on it, or those it rings. */
function staffOf(call: SwitchboardCall): string[] {
  return call.staffUserId ? [...new Set([call.staffUserId, ...call.offeredTo])] : call.offeredTo;
}

/**
 * Tells both ends of a sandbox call its new state (`voice:updated`): the phone simulators
 * watching its number and the staff members it concerns (those still offered it learn that it was
 * answered elsewhere, or ended), and the outside phone a call was transferred to, if any.
 */
export function announceCall(
  deps: Pick<CarrierHost, 'realtime'>,
  call: SwitchboardCall,
  alsoTo: readonly string[] = [],
): void {
  const payload = { call: presentSandboxCall(call) };
  deps.realtime.publishIn(SANDBOX_NAMESPACE, phoneRoom(call.phone), 'voice:updated', payload);
  for (const userId of new Set([...staffOf(call), ...alsoTo]))
    deps.realtime.publish(rooms.user(userId), 'voice:updated', payload);
  if (call.outside)
    deps.realtime.publishIn(SANDBOX_NAMESPACE, phoneRoom(call.outside.phone), 'voice:updated', {
      call: presentOutsideLeg({ ...call, outside: call.outside }),
    });
}
