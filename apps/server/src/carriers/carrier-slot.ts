import type { HostDeps } from '../app-deps';
import type { Config } from '../config';
import type { AppInstance } from '../http/types';
import type { RealtimeNamespace } from '../realtime/realtime-namespace';
import type { SandboxMailStore } from './email-channel/sandbox/sandbox-channel-carrier';
import type { SandboxMailbox } from './email/sandbox/sandbox-email-carrier';
import type { CarrierInbox } from './messaging/messaging-carrier';
import type { SandboxNetwork } from './messaging/sandbox/sandbox-network';
import type { VoiceInbox } from './voice/voice-carrier';

/**
 * Where the sandbox vendors keep what their simulated other side holds, in the sandbox module's
 * tables (so that every server process sees it): the texts on the simulated phones
 * (`sandbox_messages`) and the mailbox (`sandbox_mails`: the app's notifications in `mailbox`,
 * the teams' mailboxes of the e-mail channel in `mailStore`). The module builds them (`sandboxStores`).
 */
export type SandboxStores = { phones: SandboxNetwork; mailbox: SandboxMailbox; mailStore: SandboxMailStore };

/**
 * What a carrier is built with: the app's stage-2 deps but the database (the configuration as
 * parsed, the log, realtime, the job sender), and where its routes hand what they receive
 * (`inbox`: texts and their statuses; `voiceInbox`: calls, their statuses, voicemails;
 * `sandbox`: the simulated phones' texts and the mailbox, for the sandbox vendors). A carrier
 * reads neither the database nor the environment: what it needs comes through these.
 */
export type CarrierHost = Omit<HostDeps, 'db'> & {
  inbox: CarrierInbox;
  voiceInbox: VoiceInbox;
  sandbox: SandboxStores;
};

/** A built carrier, and the routes its vendor brings (webhooks, simulator pages), if any. */
export type BuiltCarrier<C> = { carrier: C; routes?: (app: AppInstance) => Promise<void> };

/** One vendor of a capability (the sandbox or Twilio for messaging). */
export type CarrierVendor<C> = {
  /** The configuration's name for it (`MESSAGING_CARRIER=twilio`). */
  name: string;
  /** Socket.IO namespaces it serves besides the app's (the sandbox's `/sandbox`). */
  realtime?: readonly RealtimeNamespace[];
  /**
   * Builds the carrier; a vendor whose library is heavy loads it here, when the configuration
   * names it (`twilio-vendors.ts`), so that a server that does not use it never holds it.
   * @throws Error (or rejects) when the configuration lacks what the vendor needs.
   */
  create(host: CarrierHost): BuiltCarrier<C> | Promise<BuiltCarrier<C>>;
};

/** One capability (messaging; voice, e-mail, storage to come): its vendors and which one the configuration names. */
export type CarrierSlot<C> = {
  choose(config: Config): string;
  vendors: readonly CarrierVendor<C>[];
};

/**
 * The vendor of `slot` that the configuration names.
 * @throws Error when no vendor has that name (the configuration's schema prevents it).
 */
export function chooseVendor<C>(slot: CarrierSlot<C>, config: Config): CarrierVendor<C> {
  const name = slot.choose(config);
  const vendor = slot.vendors.find((v) => v.name === name);
  if (!vendor)
    throw new Error(`No carrier named ${name} (known: ${slot.vendors.map((v) => v.name).join(', ')})`);
  return vendor;
}
