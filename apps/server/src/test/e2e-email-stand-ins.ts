import { createServer } from 'node:http';
import { GMAIL_SCOPES } from '../carriers/email-channel/gmail/gmail-channel-carrier';
import { startGmailStandIn } from '../carriers/email-channel/gmail/testing/gmail-stand-in';
import { startOAuthServer } from '../carriers/email-channel/oauth/testing/oauth-server';

/**
 * The e-mail journey's stand-ins as a process of their own (`apps/web/e2e/email-channel.spec.ts`,
 * started by `apps/web/playwright.config.ts`; the web app's code never imports the server's):
 * a real OAuth 2 server (oidc-provider) playing Google's identity platform, which redirects to
 * `E2E_BASE_URL`'s Gmail callback, and the Gmail API stand-in of one mailbox
 * (`E2E_GMAIL_ADDRESS`), on the ports `E2E_OAUTH_PORT` and `E2E_GMAIL_PORT` that the journey's
 * server is configured with. The journey drives them through a small control server on
 * `E2E_CONTROL_PORT` (127.0.0.1):
 * - `POST /deliver {raw, threadId?}`: a mail arrives in the mailbox's INBOX;
 * - `POST /revoke`: the user withdraws the grant at Google (every grant revoked, every access
 *   token used so far refused by the API: a refresh then answers `invalid_grant`);
 * - `GET /sent`: the mails sent through the API `[{ threadId, raw }]`.
 * Run with `tsx`; stops with its process.
 */
const env = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is required`);
  return value;
};

const address = env('E2E_GMAIL_ADDRESS');
const refused = new Set<string>();
const oauth = await startOAuthServer({
  clientId: env('E2E_GOOGLE_CLIENT_ID'),
  clientSecret: env('E2E_GOOGLE_CLIENT_SECRET'),
  redirectUris: [`${env('E2E_BASE_URL')}/api/oauth2/gmail/callback`],
  scopes: GMAIL_SCOPES,
  port: Number(env('E2E_OAUTH_PORT')),
});
const gmail = await startGmailStandIn({
  address,
  accepts: (token) => !refused.has(token),
  port: Number(env('E2E_GMAIL_PORT')),
});

const control = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    void (async () => {
      const answer = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      try {
        if (req.method === 'GET' && req.url === '/') return answer(200, { address });
        if (req.method === 'POST' && req.url === '/deliver') {
          const { raw, threadId } = JSON.parse(Buffer.concat(chunks).toString()) as {
            raw: string;
            threadId?: string;
          };
          return answer(200, gmail.deliver(raw, threadId));
        }
        if (req.method === 'POST' && req.url === '/revoke') {
          await oauth.revokeAll();
          for (const r of gmail.requests) {
            const token = /^Bearer (.+)$/.exec(r.headers.authorization ?? '')?.[1];
            if (token) refused.add(token);
          }
          return answer(200, { revoked: true });
        }
        if (req.method === 'GET' && req.url === '/sent')
          return answer(
            200,
            gmail.sent.map((m) => ({ threadId: m.threadId ?? null, raw: m.raw.toString('utf8') })),
          );
        answer(404, { error: 'not-found' });
      } catch (error) {
        answer(500, { error: String(error) });
      }
    })();
  });
});
control.listen(Number(env('E2E_CONTROL_PORT')), '127.0.0.1');
