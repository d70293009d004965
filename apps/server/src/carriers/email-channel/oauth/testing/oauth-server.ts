import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/**
 * A real OAuth 2 / OpenID Connect server for tests (`oidc-provider`), standing in for Google's
 * and Microsoft's identity platforms and for an IMAP host's: authorization code with PKCE,
 * refresh tokens, revocation, OpenID discovery, token introspection (RFC 7662) for the mail
 * servers, and its development login and consent pages (the account is whatever login is
 * typed: it is the tokens' `sub`).
 */
export type OAuthTestServer = {
  /** Its issuer (`/.well-known/openid-configuration` under it). */
  issuer: string;
  authorizationUrl: string;
  tokenUrl: string;
  revocationUrl: string;
  /**
   * Plays the user in the popup without a browser: opens `link`, signs in as `account`, consents,
   * and answers the provider's redirect to the client (its `code` and `state`).
   */
  authorize(link: string, account: string): Promise<URL>;
  /** Withdraws every grant (the user revoked the app's access): refreshing then answers `invalid_grant`. */
  revokeAll(): Promise<void>;
  /** What the token endpoint answers our client's refresh of `refreshToken` (the JSON body: tokens, or `error`). */
  refresh(refreshToken: string): Promise<Record<string, unknown>>;
  /** Withdraws one access token only (the grant stays: a refresh gets a new one). */
  revokeAccessToken(token: string): Promise<void>;
  /**
   * The mail servers' client (a resource server: it only introspects, with HTTP Basic), and the
   * introspection endpoint with its credentials in the URL, as Dovecot's `introspection_url`.
   */
  introspection: { clientId: string; clientSecret: string; url: string; urlWithCredentials: string };
  /** RFC 7662 introspection of `token` as the mail servers ask it: the account it signs in, or null when not active. */
  introspect(token: string): Promise<string | null>;
  close(): Promise<void>;
};

/** Starts the server on 127.0.0.1 (`port`, else a free one) with one confidential client. */
export async function startOAuthServer(options: {
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
  scopes: readonly string[];
  /** A fixed port (the end-to-end server is configured with the URLs before this starts). */
  port?: number;
}): Promise<OAuthTestServer> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const grants = new Set<string>();
  const introspection = { clientId: 'mail-servers', clientSecret: 'mail-servers-secret' };
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: options.clientId,
        client_secret: options.clientSecret,
        redirect_uris: options.redirectUris,
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
      {
        client_id: introspection.clientId,
        client_secret: introspection.clientSecret,
        redirect_uris: [],
        grant_types: [],
        response_types: [],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    scopes: ['openid', 'offline_access', ...options.scopes],
    pkce: { required: () => true },
    issueRefreshToken: () => Promise.resolve(true),
    features: {
      devInteractions: { enabled: true },
      revocation: { enabled: true },
      introspection: { enabled: true },
    },
    findAccount: (_ctx, sub) => Promise.resolve({ accountId: sub, claims: () => Promise.resolve({ sub }) }),
    cookies: { keys: ['oauth-test-server-cookie-key'] },
  });
  provider.on('grant.success', (ctx: { oidc: { entities: { Grant?: { jti: string } } } }) => {
    const grant = ctx.oidc.entities.Grant;
    if (grant) grants.add(grant.jti);
  });
  const handle = provider.callback();
  server.on('request', (req, res) => {
    void handle(req, res);
  });

  const authorize = async (link: string, account: string): Promise<URL> => {
    const jar = new Map<string, string>();
    const remember = (response: Response) => {
      for (const cookie of response.headers.getSetCookie()) {
        const [pair] = cookie.split(';');
        const at = pair!.indexOf('=');
        jar.set(pair!.slice(0, at), pair!.slice(at + 1));
      }
    };
    const cookies = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const redirects = options.redirectUris;
    let url = link;
    for (let step = 0; step < 12; step++) {
      if (redirects.some((r) => url.startsWith(r))) return new URL(url);
      const page = await fetch(url, { headers: { cookie: cookies() }, redirect: 'manual' });
      remember(page);
      const location = page.headers.get('location');
      if (location) {
        url = new URL(location, url).href;
        continue;
      }
      const html = await page.text();
      const prompt = /name="prompt" value="(\w+)"/.exec(html)?.[1];
      if (!prompt) throw new Error(`The OAuth server answered ${page.status}: ${html.slice(0, 300)}`);
      const form = new URLSearchParams({ prompt, login: account, password: 'any' });
      const submitted = await fetch(url, {
        method: 'POST',
        headers: { cookie: cookies(), 'content-type': 'application/x-www-form-urlencoded' },
        body: form,
        redirect: 'manual',
      });
      remember(submitted);
      const next = submitted.headers.get('location');
      if (!next) throw new Error(`The OAuth server refused the ${prompt}: ${submitted.status}`);
      url = new URL(next, url).href;
    }
    throw new Error('The OAuth server never redirected to the client');
  };

  const introspectionUrl = `${issuer}/token/introspection`;
  return {
    issuer,
    authorizationUrl: `${issuer}/auth`,
    tokenUrl: `${issuer}/token`,
    revocationUrl: `${issuer}/token/revocation`,
    authorize,
    async revokeAll() {
      for (const id of grants) {
        const grant = await provider.Grant.find(id);
        await grant?.destroy();
        await provider.RefreshToken.adapter.revokeByGrantId(id);
        await provider.AccessToken.adapter.revokeByGrantId(id);
      }
    },
    async refresh(refreshToken) {
      const answer = await fetch(`${issuer}/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'refresh_token',
          refresh_token: refreshToken,
          client_id: options.clientId,
          client_secret: options.clientSecret,
        }),
      });
      return (await answer.json()) as Record<string, unknown>;
    },
    async revokeAccessToken(token) {
      const found = await provider.AccessToken.find(token);
      await found?.destroy();
    },
    introspection: {
      ...introspection,
      url: introspectionUrl,
      urlWithCredentials: introspectionUrl.replace(
        'http://',
        `http://${introspection.clientId}:${introspection.clientSecret}@`,
      ),
    },
    async introspect(token) {
      const answer = await fetch(introspectionUrl, {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`${introspection.clientId}:${introspection.clientSecret}`).toString('base64')}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: new URLSearchParams({ token }),
      });
      const body = (await answer.json()) as { active?: boolean; sub?: string };
      return body.active && body.sub ? body.sub : null;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
