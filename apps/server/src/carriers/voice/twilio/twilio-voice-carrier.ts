import twilio from 'twilio';
import type { CarrierVendor } from '../../carrier-slot';
import { CarrierError, type VoiceAccessToken, type VoiceCarrier } from '../voice-carrier';

/** What Twilio voice tokens are signed with: the account, an API key and the TwiML application. */
export type TwilioVoiceCredentials = {
  accountSid: string;
  apiKeySid: string;
  apiKeySecret: string;
  /** The TwiML application (AP…) Twilio asks what to do with a call placed from a browser. */
  twimlAppSid: string;
};

/**
 * Twilio Voice (`VOICE_CARRIER=twilio`): access tokens are the twilio library's AccessToken with
 * a voice grant (incoming calls to the identity allowed; outgoing calls through the TwiML
 * application), signed HS256 with the API key's secret. Twilio dates the token itself
 * (`iat` = now), so `now` is not used here.
 */
export function createTwilioVoiceCarrier(credentials: TwilioVoiceCredentials): VoiceCarrier {
  return {
    name: 'twilio',
    issueAccessToken(identity: string, ttlSeconds: number): Promise<VoiceAccessToken> {
      try {
        const token = new twilio.jwt.AccessToken(credentials.accountSid, credentials.apiKeySid, credentials.apiKeySecret, { identity, ttl: ttlSeconds });
        token.addGrant(new twilio.jwt.AccessToken.VoiceGrant({ incomingAllow: true, outgoingApplicationSid: credentials.twimlAppSid }));
        const expiresAt = new Date((Math.floor(Date.now() / 1000) + ttlSeconds) * 1000);
        return Promise.resolve({ jwt: token.toJwt('HS256'), identity, expiresAt });
      } catch (error) {
        // The library throws only on missing credentials or identity: the configuration is wrong.
        return Promise.reject(new CarrierError('auth', `Twilio voice token not signed: ${(error as Error).message}`));
      }
    },
  };
}

/** The Twilio voice vendor, built from the configuration (validated when VOICE_CARRIER=twilio). */
export const twilioVoiceVendor: CarrierVendor<VoiceCarrier> = {
  name: 'twilio',
  create({ config }) {
    const { TWILIO_ACCOUNT_SID: accountSid, TWILIO_API_KEY_SID: apiKeySid, TWILIO_API_KEY_SECRET: apiKeySecret, TWILIO_TWIML_APP_SID: twimlAppSid } = config;
    if (!accountSid || !apiKeySid || !apiKeySecret || !twimlAppSid) {
      throw new Error('VOICE_CARRIER=twilio needs TWILIO_ACCOUNT_SID, TWILIO_API_KEY_SID, TWILIO_API_KEY_SECRET and TWILIO_TWIML_APP_SID');
    }
    return { carrier: createTwilioVoiceCarrier({ accountSid, apiKeySid, apiKeySecret, twimlAppSid }) };
  },
};
