import type { AppDeps } from '../../app-deps';
import { phoneRoom, SANDBOX_NAMESPACE } from '../../carriers/messaging/sandbox/sandbox-namespace';

/**
 * Tells the phone simulators watching `number` that a text reached or left it
 * (`sandbox:message { number }` in `/sandbox`), after the change committed.
 */
export function notifyPhone(deps: Pick<AppDeps, 'realtime'>, number: string): void {
  deps.realtime.publishIn(SANDBOX_NAMESPACE, phoneRoom(number), 'sandbox:message', { number });
}
