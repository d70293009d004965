import twilio from 'twilio';
import type { BuiltCarrier, CarrierHost } from '../../carrier-slot';
import { BaseUrlRequestClient } from '../../messaging/twilio/twilio-messaging-carrier';
import { mapTwilioError } from '../../messaging/twilio/twilio-errors';
import { assertTwilioSignature } from '../../messaging/twilio/twilio-signature';
import type { WebhookRequest } from '../../messaging/messaging-carrier';
import {
  CarrierError,
  type CallInstruction,
  type VoiceAccessToken,
  type VoiceCarrier,
} from '../voice-carrier';
import { greetingAudioSigner } from './twilio-greeting-audio';
import { fetchTwilioRecording } from './twilio-recordings';
import { instructionTwiml, twilioVoiceUrls } from './twilio-voice-twiml';
import { twilioVoiceWebhookRoutes } from './twilio-voice-webhooks.routes';

/**
 * What Twilio Voice needs: the account, an API key (it signs the voice tokens and calls the REST
 * API), the TwiML application, the auth token (it signs the webhooks) and the public URL.
 */
export type TwilioVoiceCredentials = {
  accountSid: string;
  apiKeySid: string;
  apiKeySecret: string;
  /** The TwiML application (AP…) Twilio asks what to do with a call placed from a browser. */
  twimlAppSid: string;
  /** Signs Twilio's webhooks (`X-Twilio-Signature`); absent: the carrier has no webhooks (tokens only). */
  authToken?: string;
  /** The public origin Twilio calls, exactly as in its console (the URL its signatures cover). */
  publicUrl?: string;
  /** Another origin than https://api.twilio.com (tests: a local stand-in server). */
  apiBaseUrl?: string;
};

/** The Twilio voice carrier, with the webhook check its routes use. */
export type TwilioVoiceCarrier = VoiceCarrier & { verifyWebhook(request: WebhookRequest): void };

/**
 * Twilio Voice (`VOICE_CARRIER=twilio`):
 * - access tokens are the twilio library's AccessToken with a voice grant (incoming calls to the
 *   identity allowed; outgoing calls through the TwiML application), signed HS256 with the API
 *   key's secret (Twilio dates the token itself, so `now` is not used);
 * - a live call is moved by its REST API (`calls(sid).update`): new TwiML for an instruction
 *   (`instructionTwiml`), status `completed` to hang up; errors map to the closed set;
 * - a recording's audio is downloaded from its REST API with the API key (`fetchTwilioRecording`);
 * - webhooks are checked as messaging's are (`assertTwilioSignature`).
 */
export function createTwilioVoiceCarrier(credentials: TwilioVoiceCredentials): TwilioVoiceCarrier {
  const client = twilio(credentials.apiKeySid, credentials.apiKeySecret, {
    accountSid: credentials.accountSid,
    ...(credentials.apiBaseUrl
      ? { httpClient: new BaseUrlRequestClient(new URL(credentials.apiBaseUrl)) }
      : {}),
  });
  const publicUrl = credentials.publicUrl ?? 'http://localhost';
  // A greeting's audio in a redirect (the voicemail of a call nobody answered) is <Play>ed from its signed address.
  const urls = twilioVoiceUrls(
    publicUrl,
    credentials.authToken ? greetingAudioSigner(credentials.authToken, publicUrl).url : undefined,
  );
  const update = async (callSid: string, params: { twiml: string } | { status: 'completed' }) => {
    try {
      await client.calls(callSid).update(params);
    } catch (error) {
      throw mapTwilioError(error);
    }
  };
  return {
    name: 'twilio',
    issueAccessToken(identity: string, ttlSeconds: number): Promise<VoiceAccessToken> {
      try {
        const token = new twilio.jwt.AccessToken(
          credentials.accountSid,
          credentials.apiKeySid,
          credentials.apiKeySecret,
          { identity, ttl: ttlSeconds },
        );
        token.addGrant(
          new twilio.jwt.AccessToken.VoiceGrant({
            incomingAllow: true,
            outgoingApplicationSid: credentials.twimlAppSid,
          }),
        );
        const expiresAt = new Date((Math.floor(Date.now() / 1000) + ttlSeconds) * 1000);
        return Promise.resolve({ jwt: token.toJwt('HS256'), identity, expiresAt });
      } catch (error) {
        // The library throws only on missing credentials or identity: the configuration is wrong.
        return Promise.reject(
          new CarrierError('auth', `Twilio voice token not signed: ${(error as Error).message}`),
        );
      }
    },
    async redirect({ callSid, instruction }: { callSid: string; instruction: CallInstruction }) {
      // Async: a refused instruction (instructionTwiml throws) is a rejection, as the vendor's are.
      await update(callSid, { twiml: instructionTwiml(callSid, instruction, urls) });
    },
    hangUp({ callSid }) {
      return update(callSid, { status: 'completed' });
    },
    async probe() {
      // The account's fetch with the API key: the same credentials every call's REST request uses.
      try {
        await client.api.v2010.accounts(credentials.accountSid).fetch();
      } catch (error) {
        throw mapTwilioError(error);
      }
    },
    async fetchCallStatus({ callSid }) {
      try {
        const call = await client.calls(callSid).fetch();
        const duration = Number.parseInt(call.duration ?? '', 10);
        return { status: call.status, ...(Number.isFinite(duration) ? { duration } : {}) };
      } catch (error) {
        // A call Twilio does not know (404, error 20404): nothing to tell.
        if ((error as { status?: number }).status === 404) return null;
        throw mapTwilioError(error);
      }
    },
    fetchRecording({ url }) {
      return fetchTwilioRecording(credentials, { url });
    },
    verifyWebhook(request: WebhookRequest) {
      assertTwilioSignature(request, {
        authToken: credentials.authToken ?? '',
        publicUrl: credentials.publicUrl ?? '',
      });
    },
  };
}

/**
 * Builds the Twilio voice carrier (`VOICE_CARRIER=twilio`, loaded by `twilioVoiceVendor` in
 * `carriers/twilio-vendors.ts`) from the configuration (validated when VOICE_CARRIER=twilio),
 * with its webhooks handing calls to `host.voiceInbox`.
 * @throws Error when the configuration lacks one of its six settings.
 */
export function buildTwilioVoice({ config, voiceInbox }: CarrierHost): BuiltCarrier<VoiceCarrier> {
  const {
    TWILIO_ACCOUNT_SID: accountSid,
    TWILIO_API_KEY_SID: apiKeySid,
    TWILIO_API_KEY_SECRET: apiKeySecret,
    TWILIO_TWIML_APP_SID: twimlAppSid,
  } = config;
  const { TWILIO_AUTH_TOKEN: authToken, PUBLIC_URL: publicUrl } = config;
  if (!accountSid || !apiKeySid || !apiKeySecret || !twimlAppSid || !authToken || !publicUrl) {
    throw new Error(
      'VOICE_CARRIER=twilio needs TWILIO_ACCOUNT_SID, TWILIO_API_KEY_SID, TWILIO_API_KEY_SECRET, TWILIO_TWIML_APP_SID, TWILIO_AUTH_TOKEN and PUBLIC_URL',
    );
  }
  const carrier = createTwilioVoiceCarrier({
    accountSid,
    apiKeySid,
    apiKeySecret,
    twimlAppSid,
    authToken,
    publicUrl,
    apiBaseUrl: config.TWILIO_API_BASE_URL,
  });
  const greetingAudio = greetingAudioSigner(authToken, publicUrl);
  return {
    carrier,
    routes: (app) =>
      twilioVoiceWebhookRoutes(
        app,
        carrier,
        voiceInbox,
        twilioVoiceUrls(publicUrl, greetingAudio.url),
        greetingAudio,
      ),
  };
}
