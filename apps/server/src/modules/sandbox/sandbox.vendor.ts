import type { CarrierVendor } from '../../carriers/carrier-slot';
import type { MessagingCarrier } from '../../carriers/messaging/messaging-carrier';
import {
  createSandboxMessagingCarrier,
  SANDBOX_CARRIER_NAME,
} from '../../carriers/messaging/sandbox/sandbox-messaging-carrier';
import { sandboxNamespace } from './sandbox-namespace';
import { createSandboxNetwork } from './sandbox-network';
import { sandboxRoutes } from './sandbox.routes';

/**
 * The sandbox messaging vendor (`MESSAGING_CARRIER=sandbox`): the simulated carrier
 * (carriers/messaging/sandbox, no database) on this module's simulated phones, the phone
 * simulator's routes (/api/sandbox/*) and its `/sandbox` namespace. Its `delivered` reports go
 * to the messages module through `host.inbox`.
 */
export const sandboxMessagingVendor: CarrierVendor<MessagingCarrier> = {
  name: SANDBOX_CARRIER_NAME,
  realtime: [sandboxNamespace],
  create(host) {
    const carrier = createSandboxMessagingCarrier({
      network: createSandboxNetwork(host),
      onStatuses: (updates) => host.inbox.applyCarrierStatuses(updates),
      log: host.log,
    });
    return { carrier, routes: (app) => sandboxRoutes(app, host) };
  },
};
