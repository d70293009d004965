import type { CarrierVendor } from '../../carrier-slot';
import type { MessagingCarrier } from '../messaging-carrier';
import { fetchSandboxMedia } from './sandbox-media';
import { createSandboxMessagingCarrier, SANDBOX_CARRIER_NAME } from './sandbox-messaging-carrier';
import { sandboxNamespace } from './sandbox-namespace';

/**
 * The sandbox messaging vendor (`MESSAGING_CARRIER=sandbox`): the simulated carrier on the
 * simulated phones the sandbox module keeps (`host.sandbox.phones`, over its `sandbox_messages`),
 * and the phone simulators' `/sandbox` namespace. Its `delivered` reports go to the messages
 * module through `host.inbox`; the pictures the phones send are read from the storage carrier
 * (`fetchMedia`, sandbox-media.ts). The simulator's pages and their routes (/api/sandbox/*) are the
 * sandbox module's.
 */
export const sandboxMessagingVendor: CarrierVendor<MessagingCarrier> = {
  name: SANDBOX_CARRIER_NAME,
  realtime: [sandboxNamespace],
  create(host) {
    const carrier = createSandboxMessagingCarrier({
      network: host.sandbox.phones,
      onStatuses: (updates) => host.inbox.applyCarrierStatuses(updates),
      log: host.log,
    });
    // The pictures the simulated phones send are kept in the storage carrier until fetched.
    return { carrier: { ...carrier, fetchMedia: (media) => fetchSandboxMedia(host.storage, media) } };
  },
};
