import {
  CarrierError,
  type CarrierStatusUpdate,
  type MessagingCarrier,
  type OutboundText,
  type SentText,
} from '../messaging-carrier';
import { isSandboxLandline, type SandboxNetwork } from './sandbox-network';

/** Carrier name stored with every sandbox message. */
export const SANDBOX_CARRIER_NAME = 'sandbox';
/** Twilio's code for a landline or unreachable handset, reused by the sandbox. */
export const SANDBOX_LANDLINE_ERROR_CODE = '30006';
/**
 * Delay between answering `sent` and reporting `delivered` (ms): long enough for the sending
 * service to have stored the carrier id, and for the UI to show sent → delivered.
 */
export const SANDBOX_DELIVERY_DELAY_MS = 250;
/**
 * `delivered` is reported once more this long after sending (ms), in case the sending service
 * had not stored the carrier id yet the first time (a busy database). Reporting is idempotent:
 * a status that is not newer changes nothing.
 */
export const SANDBOX_DELIVERY_REPEAT_MS = 2000;

/** What a status report failure is logged with (the app's pino logger fits). */
export type CarrierLogger = { warn(obj: object, msg: string): void };

export type SandboxCarrierOptions = {
  network: SandboxNetwork;
  /** Receives `delivered` after the delay; errors it throws are logged, not retried. */
  onStatus: (update: CarrierStatusUpdate) => Promise<void>;
  log?: CarrierLogger;
  deliveryDelayMs?: number;
  repeatDelayMs?: number;
};

/**
 * The sandbox messaging carrier (docs/behaviour/carriers.md): a simulated telephone network.
 * `send` puts the text on the simulated phone and answers `sent`; `delivered` follows through
 * `onStatus` after `deliveryDelayMs` (and again after `repeatDelayMs`, see above). A landline (`isSandboxLandline`) fails with
 * `CarrierError('permanent', 'Unable to send text message', '30006')` and reaches no phone.
 */
export function createSandboxMessagingCarrier(options: SandboxCarrierOptions): MessagingCarrier {
  const delayMs = options.deliveryDelayMs ?? SANDBOX_DELIVERY_DELAY_MS;
  const repeatMs = options.repeatDelayMs ?? SANDBOX_DELIVERY_REPEAT_MS;

  async function reportDelivered(id: string): Promise<void> {
    try {
      await options.network.markDelivered(id);
      await options.onStatus({ carrier: SANDBOX_CARRIER_NAME, carrierMessageId: id, status: 'delivered' });
    } catch (error) {
      options.log?.warn({ err: error, carrierMessageId: id }, 'sandbox: reporting delivered failed');
    }
  }

  return {
    name: SANDBOX_CARRIER_NAME,
    /** The sandbox's rule: a number ending in 0000 is a landline, any other a mobile. */
    lookupLineType: (phone) => Promise.resolve(isSandboxLandline(phone) ? 'landline' : 'mobile'),
    async send(text: OutboundText): Promise<SentText> {
      if (isSandboxLandline(text.to)) {
        throw new CarrierError('permanent', 'Unable to send text message', SANDBOX_LANDLINE_ERROR_CODE);
      }
      let id: string;
      try {
        ({ id } = await options.network.deliverToPhone({ from: text.from, to: text.to, body: text.body }));
      } catch (error) {
        throw new CarrierError('temporary', `Sandbox network unavailable: ${(error as Error).message}`);
      }
      // unref: a pending report never keeps a stopping server alive.
      setTimeout(() => void reportDelivered(id), delayMs).unref();
      setTimeout(() => void reportDelivered(id), repeatMs).unref();
      return { carrierMessageId: id, status: 'sent' };
    },
  };
}
