import type { Media, PhoneLineType } from '@accueil/domain';
import type { IncomingHttpHeaders } from 'node:http';

/** The closed set of carrier failures (docs/behaviour/carriers.md); every vendor error maps to one. */
export type CarrierErrorKind = 'temporary' | 'permanent' | 'auth' | 'rate-limited';

/** A carrier call failed. `carrierCode` keeps the vendor's code (e.g. Twilio 21610) for the message. */
export class CarrierError extends Error {
  constructor(
    readonly kind: CarrierErrorKind,
    message: string,
    readonly carrierCode?: string,
  ) {
    super(message);
    this.name = 'CarrierError';
  }
}

/** An outbound text, as the messages module hands it to a carrier. Numbers are E.164. */
export type OutboundText = {
  from: string;
  to: string;
  body: string;
  /**
   * Our id for the message. A carrier that reports statuses later echoes it back
   * (`CarrierStatusUpdate.messageId`; Twilio: in the signed status callback URL), so a send
   * whose answer was lost can still be matched to its report.
   */
  messageId?: string;
  /** Absolute URL the carrier reports delivery status to, instead of its own (Twilio); ignored by the sandbox. */
  statusCallbackUrl?: string;
  /**
   * A multimedia message's files: absolute, signed and expiring URLs the carrier fetches
   * (Twilio's `MediaUrl`; the sandbox phone shows them), with their media types. Absent for a text.
   */
  media?: CarrierMedia[];
};

/** A file of a multimedia message as a carrier gets it: a URL it may fetch without signing in, and its media type. */
export type CarrierMedia = { url: string; contentType: string };

/** What the carrier accepted: its id for the message and the first status it reports. */
export type SentText = {
  carrierMessageId: string;
  status: 'sent' | 'delivered' | 'failed';
  errorCode?: string;
};

/** A delivery status reported later by the carrier (status callback). */
export type CarrierStatusUpdate = {
  carrier: string;
  carrierMessageId: string;
  status: 'sent' | 'delivered' | 'failed';
  errorCode?: string;
  /**
   * Our message id when the carrier echoes it back (Twilio: the `messageId` query parameter
   * of the signed status callback URL). Lets a send whose answer was lost (timeout, 5xx)
   * be matched to its report and learn its carrier id.
   */
  messageId?: string;
};

/** An inbound text as a carrier received it (already authenticated by the adapter). */
export type InboundText = {
  carrier: string;
  carrierMessageId: string;
  from: string;
  to: string;
  body: string;
  media: Media[];
};

/** A webhook's form parameters as parsed (a repeated name gives an array). */
export type WebhookParams = Record<string, string | string[]>;

/**
 * A webhook request as a carrier checks it: the path and query exactly as received, the
 * headers, the parsed body, and where to log why it was refused. A Fastify request fits.
 */
export type WebhookRequest = {
  url: string;
  headers: IncomingHttpHeaders;
  body: unknown;
  log: { warn(obj: object, msg: string): void };
};

/**
 * What a messaging vendor does. Each vendor lives in its own folder (`sandbox/`, `twilio/`)
 * with everything of it: client, error mapping, webhook parsing and signature, routes, test
 * stand-ins. Carriers never read the environment or the database: what they need is passed at
 * construction, and what they receive goes to the handlers the app gives their routes.
 * A carrier without webhooks (the sandbox, which calls the app directly) leaves the three
 * webhook methods out.
 */
export interface MessagingCarrier {
  /** Carrier name stored with each message (`sandbox`, `twilio`). */
  readonly name: string;
  /**
   * Texts per second the vendor accepts from one sender number (Twilio long codes ≈ 1), or
   * absent when it sets no such rate (the sandbox). A send then waits for its number's slot
   * (modules/messages/send-slots.ts) instead of being refused.
   */
  readonly sendsPerSecondPerNumber?: number;
  /**
   * Sends one text. Never retried by the carrier (a retry after a lost answer could send it twice).
   * @throws CarrierError (the closed set: temporary, permanent, auth, rate-limited) on failure.
   */
  send(text: OutboundText): Promise<SentText>;
  /**
   * Checks that a webhook request comes from the vendor (its signature over the URL and the
   * parameters), before its body is validated or anything is written.
   * @throws AppError 'signature-invalid' (403), after logging why.
   */
  verifyWebhook?(request: WebhookRequest): void;
  /**
   * An incoming-message webhook's parameters → `InboundText`.
   * @throws AppError 'validation-failed' when a required parameter is missing.
   */
  parseInbound?(params: WebhookParams): InboundText;
  /**
   * A status webhook's parameters → `CarrierStatusUpdate`, or null when there is nothing to
   * record (a step before the handset network). `messageId`: our id, when the callback URL
   * carried it back.
   * @throws AppError 'validation-failed' when a required parameter is missing.
   */
  parseStatus?(params: WebhookParams, messageId?: string): CarrierStatusUpdate | null;
  /**
   * The line type of a number (E.164) as the carrier knows it (Twilio Lookup), or null when it
   * does not know. A carrier without a look-up leaves it out.
   * @throws CarrierError on failure (callers treat the type as unknown).
   */
  lookupLineType?(phone: string): Promise<PhoneLineType | null>;
  /**
   * The bytes of an inbound text's media, as the carrier keeps them (Twilio: its media URL,
   * read with the account's credentials; the sandbox: the simulated phone's picture), at most
   * `CARRIER_MEDIA_MAX_BYTES`. Null when the carrier has no such file (gone, not its address).
   * A carrier without inbound media leaves it out.
   * @throws CarrierError (`temporary`/`rate-limited`: worth a retry; `auth`/`permanent`: not).
   */
  fetchMedia?(media: CarrierMedia): Promise<FetchedMedia | null>;
  /**
   * Asks the carrier where a text it accepted stands now (Twilio: `messages(sid).fetch()`), for
   * the synchronization of statuses a lost callback left behind (docs/behaviour/operations.md):
   * a final or newer status, or null when it is still on its way or unknown to the carrier.
   * @throws CarrierError on failure.
   */
  fetchStatus?(carrierMessageId: string): Promise<CarrierStatusUpdate | null>;
  /**
   * Asks the vendor cheaply whether it answers and takes our credentials, for the operators'
   * health panel (docs/behaviour/operations.md, "Carriers"): Twilio: the account's fetch. Absent: nothing to ask (a
   * vendor inside this process, the sandbox's), always up. The caller bounds how long it waits.
   * @throws CarrierError (or the vendor's error) when it does not answer or refuses us.
   */
  probe?(): Promise<void>;
}

/** An inbound media's bytes and the type the carrier gave them (only a hint: the content is sniffed). */
export type FetchedMedia = { bytes: Buffer; contentType: string };

/** The most bytes one inbound media may have: Twilio's limit for a whole MMS (5 MB). */
export const CARRIER_MEDIA_MAX_BYTES = 5_000_000;

/**
 * Where a carrier's routes hand what they received (the messages module's use cases, given
 * by the app): carriers never import a module.
 */
export type CarrierInbox = {
  /**
   * Stores an inbound text once; `duplicate` when its carrier id was already stored (a retry).
   * @throws AppError 'not-found' when no team has the number `text.to`.
   */
  recordInboundText(text: InboundText): Promise<{ duplicate: boolean; messageId: string | null }>;
  /** Applies a delivery report (never backwards; an unknown carrier id is ignored). */
  applyCarrierStatus(update: CarrierStatusUpdate): Promise<void>;
  /**
   * Applies many reports of one carrier together, each under `applyCarrierStatus`'s rules, in a
   * few statements for the lot (a carrier that reports in batches: the sandbox).
   */
  applyCarrierStatuses(updates: readonly CarrierStatusUpdate[]): Promise<void>;
};
