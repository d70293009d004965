import type { PhoneLineType } from '@accueil/domain';
import twilio from 'twilio';
import type RequestClient from 'twilio/lib/base/RequestClient';
import type { MessagingCarrier, OutboundText, SentText } from '../messaging-carrier';
import { TWILIO_CARRIER_NAME } from './twilio-constants';
import { mapTwilioError } from './twilio-errors';
import { fetchTwilioMedia } from './twilio-media';
import { parseInboundText, parseStatusCallback } from './twilio-params';
import { assertTwilioSignature } from './twilio-signature';

export { TWILIO_CARRIER_NAME, TWILIO_WEBHOOK_PATHS } from './twilio-constants';
/** How long one REST call to Twilio may take (ms) before it counts as a temporary failure. */
export const TWILIO_REQUEST_TIMEOUT_MS = 15_000;

export type TwilioCarrierOptions = {
  accountSid: string;
  authToken: string;
  /**
   * The public origin (and path prefix, if any) Twilio calls, exactly as set in its console:
   * the URL its webhook signatures cover. Needed by `verifyWebhook`.
   */
  publicUrl?: string;
  /**
   * Absolute URL Twilio posts status callbacks to, unless the text names its own; the text's
   * `messageId` is added as `?messageId=` (inside the signature Twilio computes).
   */
  statusCallbackUrl?: string;
  /** Another origin than https://api.twilio.com (tests: a local stand-in server). */
  apiBaseUrl?: string;
  /** Texts per second Twilio accepts from one sender number (`sendsPerSecondPerNumber`); 1 (a long code) by default. */
  sendsPerSecondPerNumber?: number;
};

type RequestOptions<TData> = RequestClient.RequestOptions<TData>;

/**
 * A Twilio request client that sends every request to another origin, keeping path and query.
 * Rewriting at this level (rather than `client.api.baseUrl`) also covers the library's own
 * edge/region host rewriting, which would mangle a host like `twilio-mock.internal`.
 */
export class BaseUrlRequestClient extends twilio.RequestClient {
  constructor(private readonly base: URL) {
    super({ timeout: TWILIO_REQUEST_TIMEOUT_MS });
  }
  override request<TData>(opts: RequestOptions<TData>) {
    const target = new URL(opts.uri);
    const basePath = this.base.pathname.replace(/\/+$/, '');
    const uri = `${this.base.origin}${basePath}${target.pathname}${target.search}`;
    return super.request<TData>({ ...opts, uri });
  }
}

/** Twilio Lookup's line types (`line_type_intelligence.type`) → ours; `voicemail` and `unknown` say nothing. */
const TWILIO_LINE_TYPES: Record<string, PhoneLineType> = {
  landline: 'landline',
  mobile: 'mobile',
  fixedVoip: 'fixed-voip',
  nonFixedVoip: 'non-fixed-voip',
  tollFree: 'toll-free',
  premium: 'premium',
  sharedCost: 'shared-cost',
  uan: 'universal-access',
  pager: 'pager',
  personal: 'personal',
};

/** Twilio's statuses right after `create` → ours (`queued`/`accepted`/`sending` count as sent). */
function firstStatus(status: string): SentText['status'] {
  switch (status) {
    case 'delivered':
    case 'read':
      return 'delivered';
    case 'failed':
    case 'undelivered':
    case 'canceled':
      return 'failed';
    default:
      return 'sent';
  }
}

/** The Twilio carrier: it has webhooks, so every method of the interface is there. */
export type TwilioMessagingCarrier = Required<MessagingCarrier>;

/** The status callback URL of one text: the text's own, else ours with `?messageId=`. */
function statusCallbackOf(text: OutboundText, base: string | undefined): string | undefined {
  if (text.statusCallbackUrl) return text.statusCallbackUrl;
  if (!base || !text.messageId) return base;
  return `${base}${base.includes('?') ? '&' : '?'}messageId=${encodeURIComponent(text.messageId)}`;
}

/**
 * Twilio Programmable Messaging through the official `twilio` library: `messages.create`
 * with `From`, `To`, `Body` and `StatusCallback`. Failures are `CarrierError`s of the closed
 * set (`mapTwilioError`). Delivery statuses arrive later on the message-status webhook; its
 * webhooks are checked (`X-Twilio-Signature`) and parsed here too (twilio-webhooks.routes.ts).
 * An inbound MMS's media are read with the account's credentials (twilio-media.ts).
 */
export function createTwilioMessagingCarrier(options: TwilioCarrierOptions): TwilioMessagingCarrier {
  const client = twilio(options.accountSid, options.authToken, {
    accountSid: options.accountSid,
    autoRetry: false,
    timeout: TWILIO_REQUEST_TIMEOUT_MS,
    ...(options.apiBaseUrl ? { httpClient: new BaseUrlRequestClient(new URL(options.apiBaseUrl)) } : {}),
  });
  return {
    name: TWILIO_CARRIER_NAME,
    sendsPerSecondPerNumber: options.sendsPerSecondPerNumber ?? 1,
    async send(text: OutboundText): Promise<SentText> {
      const statusCallback = statusCallbackOf(text, options.statusCallbackUrl);
      try {
        const message = await client.messages.create({
          from: text.from,
          to: text.to,
          body: text.body,
          // An MMS: Twilio fetches each file from its signed, expiring URL (docs/behaviour/attachments.md).
          ...(text.media?.length ? { mediaUrl: text.media.map((m) => m.url) } : {}),
          ...(statusCallback ? { statusCallback } : {}),
        });
        const status = firstStatus(message.status);
        const errorCode =
          message.errorCode === null || message.errorCode === undefined
            ? undefined
            : String(message.errorCode);
        return {
          carrierMessageId: message.sid,
          status,
          ...(status === 'failed' && errorCode ? { errorCode } : {}),
        };
      } catch (error) {
        throw mapTwilioError(error);
      }
    },
    verifyWebhook(request) {
      if (!options.publicUrl)
        throw new Error('Twilio webhooks need the public URL Twilio calls (PUBLIC_URL)');
      assertTwilioSignature(request, { authToken: options.authToken, publicUrl: options.publicUrl });
    },
    async lookupLineType(phone) {
      try {
        const found = await client.lookups.v2.phoneNumbers(phone).fetch({ fields: 'line_type_intelligence' });
        const type = (found.lineTypeIntelligence as { type?: unknown } | null)?.type;
        return typeof type === 'string' ? (TWILIO_LINE_TYPES[type] ?? null) : null;
      } catch (error) {
        throw mapTwilioError(error);
      }
    },
    async probe() {
      // The cheapest authenticated question: the account itself (`GET /2010-04-01/Accounts/{sid}.json`).
      try {
        await client.api.v2010.accounts(options.accountSid).fetch();
      } catch (error) {
        throw mapTwilioError(error);
      }
    },
    async fetchStatus(sid) {
      try {
        const message = await client.messages(sid).fetch();
        const status = firstStatus(message.status);
        // Queued, accepted, sending, sent: nothing newer than what the send answered.
        if (status === 'sent' && message.status !== 'sent') return null;
        return {
          carrier: TWILIO_CARRIER_NAME,
          carrierMessageId: sid,
          status,
          ...(status === 'failed' && message.errorCode ? { errorCode: String(message.errorCode) } : {}),
        };
      } catch (error) {
        throw mapTwilioError(error);
      }
    },
    parseInbound: parseInboundText,
    fetchMedia: (media) => fetchTwilioMedia(options, media),
    parseStatus(params, messageId) {
      const update = parseStatusCallback(params);
      return update && messageId !== undefined ? { ...update, messageId } : update;
    },
  };
}
