import type { HostDeps } from '../../app-deps';
import type { SandboxStores } from '../../carriers/carrier-slot';
import { createSandboxMailbox, createSandboxMailStore } from './sandbox-mailbox';
import { createSandboxNetwork } from './sandbox-network';

/**
 * What the sandbox vendors (carriers/messaging/sandbox, carriers/email/sandbox) keep in this
 * module's tables: the simulated phones' texts (`sandbox_messages`, the phone simulators told
 * of each change) and the mailbox (`sandbox_mails`: the app's mails, and the teams' mailboxes of
 * the e-mail channel's sandbox vendor). Building them writes nothing.
 */
export function sandboxStores(deps: Pick<HostDeps, 'db' | 'realtime'>): SandboxStores {
  return {
    phones: createSandboxNetwork(deps),
    mailbox: createSandboxMailbox(deps),
    mailStore: createSandboxMailStore(deps),
  };
}
