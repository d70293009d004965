/**
 * The e-mail journey's stand-ins (`apps/server/src/test/e2e-email-stand-ins.ts`, a process of
 * their own started by `playwright.config.ts`): a real OAuth 2 server (oidc-provider) playing
 * Google's identity platform and the Gmail API stand-in of one mailbox, on ports fixed from
 * the journey's server's own (+ 20, + 21), driven by the journey through a control server (+ 22).
 */
export function emailStandInPorts(serverPort: number): { oauth: number; gmail: number; control: number } {
  return { oauth: serverPort + 20, gmail: serverPort + 21, control: serverPort + 22 };
}

/** The OAuth client the journey's server is registered as at the stand-in of Google. */
const E2E_GOOGLE_CLIENT = { id: 'accueil-e2e-gmail', secret: 'accueil-e2e-gmail-secret' } as const;

/** The mailbox the Gmail stand-in holds: the journey's team e-mail (a gmail.com address: Gmail by its domain). */
export const E2E_GMAIL_ADDRESS = 'clinique.demo.e2e@gmail.com';

/** The environment of a server whose teams connect Gmail through the stand-ins (README's variables). */
export function gmailStandInEnv(serverPort: number): Record<string, string> {
  const ports = emailStandInPorts(serverPort);
  const issuer = `http://127.0.0.1:${ports.oauth}`;
  return {
    GOOGLE_OAUTH_CLIENT_ID: E2E_GOOGLE_CLIENT.id,
    GOOGLE_OAUTH_CLIENT_SECRET: E2E_GOOGLE_CLIENT.secret,
    GOOGLE_OAUTH_AUTHORIZATION_URL: `${issuer}/auth`,
    GOOGLE_OAUTH_TOKEN_URL: `${issuer}/token`,
    GOOGLE_OAUTH_REVOCATION_URL: `${issuer}/token/revocation`,
    GMAIL_API_URL: `http://127.0.0.1:${ports.gmail}`,
  };
}

/** The stand-ins' process as Playwright starts it (a `webServer` entry) for the server on `serverPort`. */
export function emailStandInsProcess(serverPort: number) {
  const ports = emailStandInPorts(serverPort);
  const settings = {
    E2E_BASE_URL: `http://localhost:${serverPort}`,
    E2E_GMAIL_ADDRESS,
    E2E_GOOGLE_CLIENT_ID: E2E_GOOGLE_CLIENT.id,
    E2E_GOOGLE_CLIENT_SECRET: E2E_GOOGLE_CLIENT.secret,
    E2E_OAUTH_PORT: String(ports.oauth),
    E2E_GMAIL_PORT: String(ports.gmail),
    E2E_CONTROL_PORT: String(ports.control),
  };
  return {
    command: `${Object.entries(settings)
      .map(([k, v]) => `${k}=${v}`)
      .join(' ')} npx tsx apps/server/src/test/e2e-email-stand-ins.ts`,
    url: `http://127.0.0.1:${ports.control}/`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
  };
}
