import { CarrierError, type VoiceRecordingAudio } from '../voice-carrier';

/** What fetching a Twilio recording needs: the account's API key and the REST API's origin. */
export type TwilioRecordingAccess = {
  apiKeySid: string;
  apiKeySecret: string;
  /** Another origin than https://api.twilio.com (tests: a local stand-in server). */
  apiBaseUrl?: string;
};

/** How long a recording's download may take before it counts as the carrier being unreachable. */
const RECORDING_FETCH_TIMEOUT_MS = 15_000;

/**
 * The address to ask for a file Twilio keeps (a recording, an MMS's media) stored as `url`, or
 * null when it is not Twilio's REST API (or the configured stand-in of it, `apiBaseUrl`): a
 * stored address is never fetched elsewhere (the account's credentials go with it), and over
 * plain HTTP only on this machine (the stand-in).
 */
export function twilioApiUrl(apiBaseUrl: string | undefined, url: string): URL | null {
  const allowed = new URL(apiBaseUrl ?? 'https://api.twilio.com').host;
  try {
    const parsed = new URL(url);
    const local = parsed.hostname === '127.0.0.1' || parsed.hostname === 'localhost';
    return parsed.host === allowed && (parsed.protocol === 'https:' || local) ? parsed : null;
  } catch {
    return null;
  }
}

/**
 * Maps an HTTP answer of Twilio's REST API refusing a download of `what` (a recording, a media)
 * to the closed set: 401/403 `auth` (the credentials are wrong or revoked), 429 `rate-limited`,
 * another 4xx `permanent`, 5xx `temporary`; the carrier's code is the HTTP status.
 */
export function twilioDownloadError(status: number, what = 'the recording'): CarrierError {
  const code = String(status);
  if (status === 401 || status === 403)
    return new CarrierError('auth', `Twilio refused the credentials for ${what} (${status})`, code);
  if (status === 429) return new CarrierError('rate-limited', `Twilio rate limit on ${what}`, code);
  if (status >= 400 && status < 500)
    return new CarrierError('permanent', `Twilio refused ${what} (${status})`, code);
  return new CarrierError('temporary', `Twilio unavailable for ${what} (${status})`, code);
}

/** A recording's download refused with HTTP `status` (see `twilioDownloadError`). */
export function recordingFetchError(status: number): CarrierError {
  return twilioDownloadError(status);
}

/**
 * A Twilio recording's audio (Twilio serves it, as WAV unless the address names another format,
 * to the account's credentials only: here its API key, in HTTP basic authentication). Null when
 * the address is not Twilio's (never asked) or Twilio has no such recording (404).
 * @throws CarrierError as `recordingFetchError`; `temporary` on a network failure or after
 *   `RECORDING_FETCH_TIMEOUT_MS`.
 */
export async function fetchTwilioRecording(
  access: TwilioRecordingAccess,
  input: { url: string | null },
): Promise<VoiceRecordingAudio | null> {
  const url = input.url === null ? null : twilioApiUrl(access.apiBaseUrl, input.url);
  if (!url) return null;
  let response: Response;
  try {
    response = await fetch(url, {
      headers: {
        authorization: `Basic ${Buffer.from(`${access.apiKeySid}:${access.apiKeySecret}`).toString('base64')}`,
      },
      signal: AbortSignal.timeout(RECORDING_FETCH_TIMEOUT_MS),
    });
  } catch (error) {
    throw new CarrierError('temporary', `Twilio unreachable for a recording: ${(error as Error).message}`);
  }
  if (response.status === 404) return null;
  if (!response.ok) throw recordingFetchError(response.status);
  return {
    bytes: new Uint8Array(await response.arrayBuffer()),
    contentType: response.headers.get('content-type') ?? 'audio/wav',
  };
}
