import { twilioApiUrl, twilioDownloadError } from '../../voice/twilio/twilio-recordings';
import { CARRIER_MEDIA_MAX_BYTES, CarrierError, type FetchedMedia } from '../messaging-carrier';

/** What reading an inbound MMS's media needs: the account's credentials and the REST API's origin. */
export type TwilioMediaAccess = {
  accountSid: string;
  authToken: string;
  /** Another origin than https://api.twilio.com (tests: a local stand-in server). */
  apiBaseUrl?: string;
};

/** How long one media's download may take before it counts as Twilio being unreachable. */
export const TWILIO_MEDIA_FETCH_TIMEOUT_MS = 30_000;

/** Reads a body to its end, refusing it (permanent: it will not shrink) past `max` bytes. */
async function readCapped(body: ReadableStream<Uint8Array> | null, max: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let total = 0;
  if (!body) return Buffer.alloc(0);
  for await (const chunk of body) {
    total += chunk.byteLength;
    if (total > max) {
      await body.cancel().catch(() => undefined);
      throw new CarrierError('permanent', `The media is larger than ${max} bytes`);
    }
    chunks.push(Buffer.from(chunk));
  }
  return Buffer.concat(chunks);
}

/**
 * An inbound MMS's media (`MediaUrlN` of the incoming-message webhook). Twilio serves it to the
 * account's credentials (HTTP basic authentication with the account SID and auth token, when
 * the account requires it) and redirects to its store; the redirect is followed, the
 * credentials dropped on the way (fetch strips `Authorization` on another origin). Null when
 * the address is not Twilio's (never asked) or Twilio has no such media (404).
 * @throws CarrierError as `twilioDownloadError`; `temporary` on a network failure or after
 *   `TWILIO_MEDIA_FETCH_TIMEOUT_MS`; `permanent` past `CARRIER_MEDIA_MAX_BYTES`.
 */
export async function fetchTwilioMedia(
  access: TwilioMediaAccess,
  input: { url: string },
): Promise<FetchedMedia | null> {
  const url = twilioApiUrl(access.apiBaseUrl, input.url);
  if (!url) return null;
  let response: Response;
  try {
    response = await fetch(url, {
      headers: {
        authorization: `Basic ${Buffer.from(`${access.accountSid}:${access.authToken}`).toString('base64')}`,
      },
      signal: AbortSignal.timeout(TWILIO_MEDIA_FETCH_TIMEOUT_MS),
    });
  } catch (error) {
    throw new CarrierError('temporary', `Twilio unreachable for a media: ${(error as Error).message}`);
  }
  if (response.status === 404) return null;
  if (!response.ok) throw twilioDownloadError(response.status, 'a media');
  const declared = Number(response.headers.get('content-length') ?? '0');
  if (declared > CARRIER_MEDIA_MAX_BYTES) {
    await response.body?.cancel().catch(() => undefined);
    throw new CarrierError('permanent', `The media is larger than ${CARRIER_MEDIA_MAX_BYTES} bytes`);
  }
  const bytes = await readCapped(response.body, CARRIER_MEDIA_MAX_BYTES).catch((error: unknown) => {
    if (error instanceof CarrierError) throw error;
    throw new CarrierError('temporary', `The media's download was cut: ${(error as Error).message}`);
  });
  return { bytes, contentType: response.headers.get('content-type') ?? 'application/octet-stream' };
}
