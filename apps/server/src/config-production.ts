import { emailCarrierName, type Config } from './config';
import { emailOAuthProductionIssues } from './config-email-oauth';

/**
 * Why a production server must not start with this configuration: the sandbox carrier's routes
 * and socket namespace are unauthenticated (`GET /api/sandbox/directory` lists every
 * organisation's contacts, `GET /api/sandbox/messages` returns the texts staff sent,
 * `POST /api/sandbox/messages` injects texts into any inbox, the `/sandbox` namespace watches any
 * number), and the demo accounts have a published password. Empty outside production, or with
 * `ALLOW_SANDBOX_IN_PRODUCTION=true`.
 * @returns one sentence per refused variable (empty when the configuration may start).
 */
export function unsafeProductionSettings(config: Config): string[] {
  if (config.NODE_ENV !== 'production' || config.ALLOW_SANDBOX_IN_PRODUCTION) return [];
  const reasons: string[] = [];
  if (config.MESSAGING_CARRIER === 'sandbox') {
    reasons.push(
      "MESSAGING_CARRIER=sandbox: the sandbox routes need no sign-in and list every organisation's contacts, show the texts staff sent and inject texts into any inbox. Set MESSAGING_CARRIER=twilio.",
    );
  }
  if (emailCarrierName(config) === 'sandbox') {
    reasons.push(
      'EMAIL_CARRIER=sandbox (no SMTP_URL): the sandbox mailbox at /sandbox/mail needs no sign-in and shows every mail the app sends, password reset links included. Set SMTP_URL.',
    );
  }
  if (config.EMAIL_CHANNEL_CARRIER === 'sandbox') {
    reasons.push(
      "EMAIL_CHANNEL_CARRIER=sandbox: POST /api/sandbox/mail needs no sign-in and puts mail into any team's mailbox. Set EMAIL_CHANNEL_CARRIER=imap.",
    );
  }
  reasons.push(...emailOAuthProductionIssues(config));
  if (config.SEED_DEMO) {
    reasons.push('SEED_DEMO=true: the demo accounts have a published password. Set SEED_DEMO=false.');
  }
  return reasons;
}

/**
 * Stops a production server that would expose the sandbox or the demo accounts (see
 * `unsafeProductionSettings`).
 * @throws Error naming each refused variable, why, and `ALLOW_SANDBOX_IN_PRODUCTION`.
 */
export function refuseUnsafeProduction(config: Config): void {
  const reasons = unsafeProductionSettings(config);
  if (reasons.length === 0) return;
  throw new Error(
    `Refusing to start with NODE_ENV=production:\n${reasons.map((r) => `  - ${r}`).join('\n')}\n  (Set ALLOW_SANDBOX_IN_PRODUCTION=true only for a copy that may expose them on purpose.)`,
  );
}
