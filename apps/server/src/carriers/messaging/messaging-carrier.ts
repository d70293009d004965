import type { Media } from '@accueil/domain';

/** The closed set of carrier failures (DESIGN.md "carriers"); every vendor error maps to one. */
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

/** An outbound text, as the messaging service hands it to a carrier. Numbers are E.164. */
export type OutboundText = {
  from: string;
  to: string;
  body: string;
  /** Absolute URL the carrier reports delivery status to (Twilio); ignored by the sandbox. */
  statusCallbackUrl?: string;
};

/** What the carrier accepted: its id for the message and the first status it reports. */
export type SentText = { carrierMessageId: string; status: 'sent' | 'delivered' | 'failed'; errorCode?: string };

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

/**
 * Messaging capability (issue 2 §6). Implementations live in `sandbox/` and `twilio/`; they
 * never read the environment or the database: what they need is passed at construction.
 * @throws CarrierError from `send` on failure.
 */
export interface MessagingCarrier {
  /** Carrier name stored with each message (`sandbox`, `twilio`). */
  readonly name: string;
  send(text: OutboundText): Promise<SentText>;
}
