import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { CarrierError, type MailboxAccount } from '../../carriers/email-channel/email-channel-carrier';
import type { OAuthGrant } from '../../carriers/email-channel/oauth/oauth-client';
import type { DbOrTx } from '../../db/client';
import { teamMailboxes } from '../../db/schema/email';
import { decryptSecret, encryptSecret, mailboxSecretsKey } from './mailbox-secrets';
import { grantProviderOf, oauthMailProviders } from './mailbox-carriers';
import { mailboxAccount, mailboxSecretContext, mailboxServers, type MailboxRow } from './mailboxes';

/** An access token is refreshed this long before it expires (ms), so no call carries a dying one. */
const REFRESH_MARGIN_MS = 5 * 60_000;

/** Where a grant is sealed: the team's own context, apart from an IMAP password's (one never opens as the other). */
function grantContext(teamId: string): string {
  return `${mailboxSecretContext(teamId)}:oauth`;
}

/** The grant sealed for the team's mailbox row (AES-256-GCM under `EMAIL_SECRETS_KEY`, `mailbox-secrets.ts`). */
export function sealGrant(deps: Pick<AppDeps, 'config'>, teamId: string, grant: OAuthGrant): string {
  return encryptSecret(mailboxSecretsKey(deps.config), JSON.stringify(grant), grantContext(teamId));
}

/** The grant of an OAuth mailbox row. @throws CarrierError `auth` when it has none or it does not open. */
export function openGrant(deps: Pick<AppDeps, 'config'>, row: MailboxRow): OAuthGrant {
  if (!row.passwordEncrypted) throw new CarrierError('auth', 'The mailbox has no grant');
  try {
    return JSON.parse(
      decryptSecret(mailboxSecretsKey(deps.config), row.passwordEncrypted, grantContext(row.teamId)),
    ) as OAuthGrant;
  } catch {
    throw new CarrierError('auth', 'The mailbox’s grant does not open (another key?)');
  }
}

/**
 * The account a vendor needs for the mailbox: IMAP's servers and password, or, for a mailbox
 * with a grant (Gmail, Outlook, IMAP with XOAUTH2: `grantProviderOf`), a live access token —
 * refreshed (and stored again, sealed) when it expires within five minutes or was refused —
 * with, for IMAP, its servers and user name. Only a refresh the provider refuses throws `auth`.
 * @throws CarrierError (`auth` for a refused grant; `temporary`, `rate-limited` for the provider's trouble).
 */
export async function liveMailboxAccount(
  deps: Pick<AppDeps, 'config' | 'db'>,
  row: MailboxRow,
  now = Date.now(),
): Promise<MailboxAccount> {
  const providerName = grantProviderOf(row);
  if (!providerName) return mailboxAccount(deps, row);
  const provider = oauthMailProviders(deps.config)[providerName];
  if (!provider)
    throw new CarrierError('permanent', `${providerName} OAuth is not configured on this server`);
  let grant = openGrant(deps, row);
  if (grant.expiresAt - REFRESH_MARGIN_MS <= now) {
    grant = await provider.client.refresh(grant);
    await storeGrant(deps.db, row.id, sealGrant(deps, row.teamId, grant));
  }
  return providerName === 'imap'
    ? { ...mailboxServers(row), accessToken: grant.accessToken }
    : { address: row.address, accessToken: grant.accessToken };
}

/**
 * The access token was refused (the provider's API answered 401, or IMAP or SMTP refused the
 * XOAUTH2 sign-in): marked expired, so that the next call refreshes it.
 */
export async function expireAccessToken(
  deps: Pick<AppDeps, 'config' | 'db'>,
  row: MailboxRow,
): Promise<void> {
  if (!grantProviderOf(row) || !row.passwordEncrypted) return;
  const grant = openGrant(deps, row);
  await storeGrant(deps.db, row.id, sealGrant(deps, row.teamId, { ...grant, expiresAt: 0 }));
}

async function storeGrant(db: DbOrTx, mailboxId: string, sealed: string): Promise<void> {
  await db
    .update(teamMailboxes)
    .set({ passwordEncrypted: sealed, updatedAt: new Date() })
    .where(eq(teamMailboxes.id, mailboxId));
}
