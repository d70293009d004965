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
  /** Receives the `delivered` reports due together; errors it throws are logged, not retried. */
  onStatuses: (updates: CarrierStatusUpdate[]) => Promise<void>;
  log?: CarrierLogger;
  deliveryDelayMs?: number;
  repeatDelayMs?: number;
};

/**
 * The sandbox messaging carrier (docs/behaviour/carriers.md): a simulated telephone network.
 * `send` puts the text on the simulated phone and answers `sent`; `delivered` follows through
 * `onStatuses` after `deliveryDelayMs` (and again after `repeatDelayMs`, see above). Reports due
 * together go together — the texts marked delivered on the network in one call, then one
 * `onStatuses` — and reports falling due while one batch is written wait for the next (so many
 * texts a second cost a few writes, not two transactions each). A landline (`isSandboxLandline`)
 * fails with `CarrierError('permanent', 'Unable to send text message', '30006')` and reaches no phone.
 */
export function createSandboxMessagingCarrier(options: SandboxCarrierOptions): MessagingCarrier {
  const delayMs = options.deliveryDelayMs ?? SANDBOX_DELIVERY_DELAY_MS;
  const repeatMs = options.repeatDelayMs ?? SANDBOX_DELIVERY_REPEAT_MS;
  const reports = deliveryReports(options);

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
        ({ id } = await options.network.deliverToPhone({
          from: text.from,
          to: text.to,
          body: text.body,
          ...(text.media?.length ? { media: text.media } : {}),
        }));
      } catch (error) {
        throw new CarrierError('temporary', `Sandbox network unavailable: ${(error as Error).message}`);
      }
      reports.add(id, delayMs);
      reports.add(id, repeatMs);
      return { carrierMessageId: id, status: 'sent' };
    },
    // Every text the network carries reaches its phone: one it knows is delivered (its report
    // may have been lost with the process that was to write it).
    async fetchStatus(carrierMessageId) {
      if (!(await options.network.knows(carrierMessageId))) return null;
      await options.network.markDelivered([carrierMessageId]);
      return { carrier: SANDBOX_CARRIER_NAME, carrierMessageId, status: 'delivered' };
    },
  };
}

/**
 * The pending `delivered` reports, written in batches: one queue per delay (each in due order,
 * since texts are added in time order), one timer for the earliest report; when it fires, every
 * report due is taken and written, and only then is the next timer set (so reports falling due
 * meanwhile join the next batch).
 */
function deliveryReports(options: SandboxCarrierOptions) {
  const queues = new Map<number, { id: string; dueAt: number }[]>();
  let timer: ReturnType<typeof setTimeout> | null = null;
  let writing = false;

  const arm = () => {
    if (timer || writing) return;
    const heads = [...queues.values()].flatMap((q) => (q.length > 0 ? [q[0]!.dueAt] : []));
    if (heads.length === 0) return;
    // unref: a pending report never keeps a stopping server alive.
    timer = setTimeout(() => void flush(), Math.max(0, Math.min(...heads) - Date.now()));
    timer.unref();
  };

  const flush = async () => {
    timer = null;
    writing = true;
    const now = Date.now();
    const due: string[] = [];
    for (const queue of queues.values()) {
      let n = 0;
      while (n < queue.length && queue[n]!.dueAt <= now) due.push(queue[n++]!.id);
      queue.splice(0, n);
    }
    const ids = [...new Set(due)];
    try {
      await options.network.markDelivered(ids);
      await options.onStatuses(
        ids.map((id) => ({ carrier: SANDBOX_CARRIER_NAME, carrierMessageId: id, status: 'delivered' })),
      );
    } catch (error) {
      options.log?.warn({ err: error, carrierMessageIds: ids }, 'sandbox: reporting delivered failed');
    } finally {
      writing = false;
      arm();
    }
  };

  return {
    /** Reports `id` delivered `afterMs` from now. */
    add(id: string, afterMs: number) {
      const queue = queues.get(afterMs) ?? [];
      queues.set(afterMs, queue);
      queue.push({ id, dueAt: Date.now() + afterMs });
      arm();
    },
  };
}
