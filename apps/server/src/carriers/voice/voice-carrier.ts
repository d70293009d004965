import { CarrierError, type CarrierErrorKind } from '../messaging/messaging-carrier';

// One closed set of failures for every carrier (docs/behaviour/carriers.md).
export { CarrierError, type CarrierErrorKind };

/** An access token for a browser's voice device. */
export type VoiceAccessToken = {
  /** The vendor's token, handed to its device as is. */
  jwt: string;
  /** The name the device registers under: calls to this identity ring it. */
  identity: string;
  expiresAt: Date;
};

/**
 * What a voice vendor does (docs/behaviour/calls.md). Each vendor lives in its own folder
 * (`sandbox/`, `twilio/`) with everything of it; like every carrier it never reads the
 * environment or the database: what it needs is passed at construction. Calls, queues and
 * webhooks come with the call module.
 */
export interface VoiceCarrier {
  /** The vendor's name (`sandbox`, `twilio`), as `VOICE_CARRIER` names it. */
  readonly name: 'sandbox' | 'twilio';
  /**
   * An access token letting the browser of `identity` register its voice device, place calls and
   * receive the calls routed to that identity, valid `ttlSeconds`.
   * @throws CarrierError (auth) when the vendor's credentials cannot sign it.
   */
  issueAccessToken(identity: string, ttlSeconds: number, now?: Date): Promise<VoiceAccessToken>;
}
