import type { HostDeps } from '../app-deps';
import type { Config } from '../config';
import type { AppInstance } from '../http/types';
import type { RealtimeNamespace } from '../realtime/realtime-namespace';
import type { CarrierInbox } from './messaging/messaging-carrier';
import type { VoiceInbox } from './voice/voice-carrier';

/**
 * What a carrier is built with: the app's stage-2 deps and where its routes hand what they
 * receive (`inbox`: texts and their statuses; `voiceInbox`: calls, their statuses, voicemails). A real vendor's carrier uses neither the database nor the environment; `db` is there
 * for a simulated vendor whose other side is a module (the sandbox's phones).
 */
export type CarrierHost = HostDeps & { inbox: CarrierInbox; voiceInbox: VoiceInbox };

/** A built carrier, and the routes its vendor brings (webhooks, simulator pages), if any. */
export type BuiltCarrier<C> = { carrier: C; routes?: (app: AppInstance) => Promise<void> };

/** One vendor of a capability (the sandbox or Twilio for messaging). */
export type CarrierVendor<C> = {
  /** The configuration's name for it (`MESSAGING_CARRIER=twilio`). */
  name: string;
  /** Socket.IO namespaces it serves besides the app's (the sandbox's `/sandbox`). */
  realtime?: readonly RealtimeNamespace[];
  /** @throws Error when the configuration lacks what the vendor needs. */
  create(host: CarrierHost): BuiltCarrier<C>;
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
