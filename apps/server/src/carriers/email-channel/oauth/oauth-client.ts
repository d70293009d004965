import * as oidc from 'openid-client';
import { CarrierError } from '../email-channel-carrier';

/**
 * A provider's identity platform as the configuration names it (Google's, Microsoft's, the IMAP
 * hosts', or a stand-in in tests): its endpoints — given, or found by OpenID discovery under
 * `issuer` — our registered client, and the scopes a mailbox needs.
 */
export type OAuthProviderSettings = (
  | { authorizationUrl: string; tokenUrl: string; revocationUrl?: string; issuer?: undefined }
  | {
      /** Found by OpenID discovery (`/.well-known/openid-configuration`) at the first use, then kept. */
      issuer: string;
      authorizationUrl?: undefined;
      tokenUrl?: undefined;
      revocationUrl?: undefined;
    }
) & {
  clientId: string;
  clientSecret: string;
  scopes: readonly string[];
  /** Parameters the provider needs to hand out a refresh token (Google: `access_type=offline`, `prompt=consent`). */
  authorizationParams?: Record<string, string>;
};

/**
 * What a mailbox keeps of an authorisation: the access token, when it expires (epoch ms), and
 * the refresh token that gets the next one. Stored encrypted (the email module's `mailbox-secrets`).
 */
export type OAuthGrant = { accessToken: string; refreshToken: string; expiresAt: number };

/** Lifetime assumed for an access token whose answer gives none (seconds; Google's and Microsoft's is 3600). */
const DEFAULT_EXPIRES_IN_S = 3600;

/**
 * The provider's OAuth 2 errors that mean the grant is gone (RFC 6749 §5.2): the refresh token
 * was revoked, expired or the consent withdrawn. Only these disconnect a team.
 */
const GRANT_REFUSED = new Set([
  'invalid_grant',
  'unauthorized_client',
  'consent_required',
  'interaction_required',
]);

/**
 * Which of the closed set a failure of the token endpoint is: a refused grant → `auth`; a
 * throttle (429, `slow_down`, `temporarily_unavailable`) → `rate-limited`; a 5xx, a time-out or
 * a lost connection → `temporary`; anything else (our client refused: `invalid_client`, a bad
 * request) → `permanent`, which is noted but does not disconnect the team (it is our set-up).
 */
export function oauthErrorToCarrierError(error: unknown): CarrierError {
  if (error instanceof CarrierError) return error;
  if (error instanceof oidc.ResponseBodyError) {
    const text = `${error.error}: ${error.error_description ?? ''}`.trim();
    if (GRANT_REFUSED.has(error.error)) return new CarrierError('auth', text, error.error);
    if (error.status === 429 || error.error === 'slow_down' || error.error === 'temporarily_unavailable')
      return new CarrierError('rate-limited', text, error.error);
    if (error.status >= 500) return new CarrierError('temporary', text, error.error);
    return new CarrierError('permanent', text, error.error);
  }
  const status = (error as { response?: Response }).response?.status;
  if (status === 429) return new CarrierError('rate-limited', `token endpoint answered ${status}`);
  if (status !== undefined && status < 500)
    return new CarrierError('permanent', `token endpoint answered ${status}`);
  // fetch's TypeError (lost connection), a time-out, a 5xx without an OAuth body.
  return new CarrierError('temporary', error instanceof Error ? error.message : String(error));
}

function grantOf(
  tokens: oidc.TokenEndpointResponse & oidc.TokenEndpointResponseHelpers,
  previousRefreshToken: string | undefined,
  now: number,
): OAuthGrant {
  const refreshToken = tokens.refresh_token ?? previousRefreshToken;
  if (!refreshToken)
    throw new CarrierError('permanent', 'The provider gave no refresh token (offline access refused)');
  return {
    accessToken: tokens.access_token,
    refreshToken,
    expiresAt: now + (tokens.expiresIn() ?? DEFAULT_EXPIRES_IN_S) * 1000,
  };
}

/** The OAuth 2 client of one provider (`createOAuthClient`). */
export type OAuthClient = {
  /** The authorisation page's address (authorization code with PKCE S256, RFC 7636). */
  authorizationLink(input: {
    redirectUri: string;
    state: string;
    codeVerifier: string;
    loginHint?: string;
  }): Promise<string>;
  /**
   * Trades the code of the provider's redirect for a grant, checking the state and the PKCE verifier.
   * @throws CarrierError (the provider's refusal mapped by `oauthErrorToCarrierError`).
   */
  exchange(input: {
    redirectUri: string;
    code: string;
    state: string;
    codeVerifier: string;
    /** The redirect's `iss` (RFC 9207), checked when the provider's metadata says it sends one. */
    iss?: string;
  }): Promise<OAuthGrant>;
  /**
   * A new access token for `grant` (the refresh token kept when the provider does not rotate it).
   * @throws CarrierError `auth` when the provider refuses the grant (revoked, expired), another kind otherwise.
   */
  refresh(grant: OAuthGrant): Promise<OAuthGrant>;
  /** Revokes the refresh token at the provider (RFC 7009) when it has a revocation endpoint (configured or discovered); failures are ignored by the caller. */
  revoke(grant: OAuthGrant): Promise<void>;
};

/** How long one request to the provider may take (seconds, openid-client's unit). */
const REQUEST_TIMEOUT_S = 20;

/**
 * The provider's openid-client configuration: built from the given endpoints, or discovered at
 * the issuer (OpenID Connect Discovery). A discovery that fails is not kept (the next call tries
 * again) and throws `temporary`: the provider's trouble never disconnects a team.
 */
function configurationOf(settings: OAuthProviderSettings): () => Promise<oidc.Configuration> {
  if (settings.issuer === undefined) {
    const config = new oidc.Configuration(
      {
        issuer: new URL(settings.authorizationUrl).origin,
        authorization_endpoint: settings.authorizationUrl,
        token_endpoint: settings.tokenUrl,
        ...(settings.revocationUrl ? { revocation_endpoint: settings.revocationUrl } : {}),
      },
      settings.clientId,
      settings.clientSecret,
    );
    if (new URL(settings.tokenUrl).protocol === 'http:') oidc.allowInsecureRequests(config);
    config.timeout = REQUEST_TIMEOUT_S;
    return () => Promise.resolve(config);
  }
  const issuer = new URL(settings.issuer);
  let discovered: Promise<oidc.Configuration> | null = null;
  return () => {
    discovered ??= oidc
      .discovery(issuer, settings.clientId, settings.clientSecret, undefined, {
        execute: issuer.protocol === 'http:' ? [oidc.allowInsecureRequests] : [],
        timeout: REQUEST_TIMEOUT_S,
      })
      .then((config) => {
        config.timeout = REQUEST_TIMEOUT_S;
        return config;
      })
      .catch((error: unknown) => {
        discovered = null;
        throw new CarrierError(
          'temporary',
          `OpenID discovery at ${issuer.href} failed: ${error instanceof Error ? error.message : String(error)}`,
        );
      });
    return discovered;
  };
}

/**
 * The OAuth 2 client of a provider (openid-client): our registered client against the configured
 * or discovered endpoints. Plain `http:` endpoints are allowed only because the configuration
 * refuses any endpoint but the provider's own, and an `http:` issuer, in production
 * (`config-email-oauth.ts`).
 */
export function createOAuthClient(
  settings: OAuthProviderSettings,
  clock: () => number = Date.now,
): OAuthClient {
  const configuration = configurationOf(settings);
  return {
    async authorizationLink({ redirectUri, state, codeVerifier, loginHint }) {
      const config = await configuration();
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        response_type: 'code',
        scope: settings.scopes.join(' '),
        state,
        code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        ...(loginHint ? { login_hint: loginHint } : {}),
        ...settings.authorizationParams,
      });
      return url.href;
    },
    async exchange({ redirectUri, code, state, codeVerifier, iss }) {
      // Only the code, the state and the issuer are handed on: the redirect URI is per provider,
      // which is the mix-up defence; RFC 9207's `iss` is not sent by every provider, and is
      // required (and checked) by openid-client only when the discovered metadata promises it.
      const callback = new URL(redirectUri);
      callback.searchParams.set('code', code);
      callback.searchParams.set('state', state);
      if (iss !== undefined) callback.searchParams.set('iss', iss);
      try {
        const config = await configuration();
        const tokens = await oidc.authorizationCodeGrant(config, callback, {
          expectedState: state,
          pkceCodeVerifier: codeVerifier,
          idTokenExpected: false,
        });
        return grantOf(tokens, undefined, clock());
      } catch (error) {
        throw oauthErrorToCarrierError(error);
      }
    },
    async refresh(grant) {
      try {
        const config = await configuration();
        return grantOf(await oidc.refreshTokenGrant(config, grant.refreshToken), grant.refreshToken, clock());
      } catch (error) {
        throw oauthErrorToCarrierError(error);
      }
    },
    async revoke(grant) {
      try {
        const config = await configuration();
        if (!config.serverMetadata().revocation_endpoint) return;
        await oidc.tokenRevocation(config, grant.refreshToken);
      } catch (error) {
        throw oauthErrorToCarrierError(error);
      }
    },
  };
}
