import { AppError, type ConnectMailboxRequest, type Mailbox, type MailboxAuthMethod } from '@accueil/domain';
import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { CarrierError, type MailboxAccount } from '../../carriers/email-channel/email-channel-carrier';
import { teamMailboxes } from '../../db/schema/email';
import type { RequestContext } from '../../http/request-context';
import { getTeamEmail } from '../teams/index';
import { authorizeMailboxManagement, mailboxTeamNotFound } from './email.policy';
import { presentMailbox } from './email.presenter';
import { oauthMailProviders } from './mailbox-carriers';
import { encryptSecret, mailboxSecretsKey } from './mailbox-secrets';
import { findTeamMailbox, mailboxAccount, mailboxSecretContext } from './mailboxes';
import { announceMailboxStatus } from './mailbox-status';
import { revokeMailboxGrant } from './mailbox-oauth-logout';
import { saveMailbox } from './save-mailbox';
import { requestMailboxSync } from './request-mailbox-sync';

async function teamEmailOf(deps: Pick<AppDeps, 'db'>, ctx: RequestContext, teamId: string) {
  const team = await getTeamEmail(deps.db, ctx.organizationId, teamId);
  if (!team) throw mailboxTeamNotFound();
  return team.email;
}

function provider(deps: Pick<AppDeps, 'emailChannel'>) {
  return deps.emailChannel.name === 'imap' ? 'imap' : 'sandbox';
}

/** How this server lets an IMAP mailbox sign in: a password, and XOAUTH2 when the IMAP hosts' OAuth server is configured. */
function authMethods(deps: Pick<AppDeps, 'config'>): MailboxAuthMethod[] {
  return oauthMailProviders(deps.config).imap ? ['password', 'oauth2'] : ['password'];
}

/** `GET /api/teams/:id/mailbox`: the team's mailbox (administrators). @throws AppError 'forbidden', 'not-found'. */
export async function getMailbox(deps: AppDeps, ctx: RequestContext, teamId: string): Promise<Mailbox> {
  authorizeMailboxManagement(ctx);
  const email = await teamEmailOf(deps, ctx, teamId);
  return presentMailbox(
    teamId,
    provider(deps),
    email,
    await findTeamMailbox(deps.db, ctx.organizationId, teamId),
    authMethods(deps),
  );
}

/** The fields IMAP/SMTP needs; each missing one is named in the 400's details. */
const IMAP_FIELDS = ['imapHost', 'imapPort', 'smtpHost', 'smtpPort', 'username'] as const;

/**
 * `PUT /api/teams/:id/mailbox` (docs/behaviour/email.md, "Connecting a mailbox"): the team's
 * mailbox at the team's e-mail, read by the configured vendor. With IMAP the servers and the
 * credentials are checked first by signing in to both (the password, given or kept from the
 * previous connection, is stored encrypted); the sandbox needs nothing. Connecting again (new
 * settings, after a refusal) makes the mailbox valid again and keeps the sync's cursor unless
 * the address changed. A first sync is asked at once.
 * @throws AppError 'forbidden' (not an administrator), 'not-found' (team), 'team-email-missing',
 *   'validation-failed' (an IMAP field missing), 'mailbox-auth-failed' (credentials refused),
 *   'mail-unavailable' (a server unreachable), 'email-taken' (another team's mailbox has the address).
 */
export async function connectMailbox(
  deps: AppDeps,
  ctx: RequestContext,
  teamId: string,
  input: ConnectMailboxRequest,
): Promise<Mailbox> {
  authorizeMailboxManagement(ctx);
  const email = await teamEmailOf(deps, ctx, teamId);
  if (!email) throw new AppError('team-email-missing', 'The team has no e-mail to connect');
  const address = email.toLowerCase();
  const existing = await findTeamMailbox(deps.db, ctx.organizationId, teamId);
  const vendor = deps.emailChannel.name;
  let account: MailboxAccount = { address };
  if (vendor === 'imap') {
    const missing = IMAP_FIELDS.filter((f) => input[f] === undefined);
    const password =
      input.password ??
      (existing?.passwordEncrypted && existing.vendor === vendor && existing.authMethod === 'password'
        ? mailboxAccount(deps, existing).password
        : undefined);
    if (password === undefined) missing.push('password' as never);
    if (missing.length > 0)
      throw new AppError('validation-failed', 'The IMAP and SMTP servers and the credentials are required', {
        fields: missing,
      });
    account = {
      address,
      imap: { host: input.imapHost!, port: input.imapPort!, secure: input.imapSecure ?? true },
      smtp: { host: input.smtpHost!, port: input.smtpPort!, secure: input.smtpSecure ?? true },
      user: input.username!,
      password,
    };
  }
  try {
    await deps.emailChannel.verify(account);
  } catch (error) {
    if (error instanceof CarrierError && error.kind === 'auth')
      throw new AppError('mailbox-auth-failed', 'The mail server refused the credentials');
    throw new AppError(
      'mail-unavailable',
      `The mail server could not be reached: ${String((error as Error).message ?? error)}`,
    );
  }
  const row = await saveMailbox(deps, existing, {
    organizationId: ctx.organizationId,
    teamId,
    address,
    vendor,
    imapHost: account.imap?.host ?? null,
    imapPort: account.imap?.port ?? null,
    imapSecure: account.imap?.secure ?? true,
    smtpHost: account.smtp?.host ?? null,
    smtpPort: account.smtp?.port ?? null,
    smtpSecure: account.smtp?.secure ?? true,
    username: account.user ?? null,
    authMethod: 'password',
    passwordEncrypted:
      account.password === undefined
        ? null
        : encryptSecret(mailboxSecretsKey(deps.config), account.password, mailboxSecretContext(teamId)),
  });
  await requestMailboxSync(deps, row);
  await announceMailboxStatus(deps, ctx.organizationId, teamId);
  return presentMailbox(teamId, provider(deps), email, row, authMethods(deps));
}

/**
 * `DELETE /api/teams/:id/mailbox`: no more sync or replies from the team's mailbox; its mails stay
 * in the conversations. A mailbox signed in with OAuth 2 (the disconnected dialog's "don't ask
 * again" on an XOAUTH2 mailbox comes here) has its grant revoked first, as a logout does.
 * Disconnecting a team that has none answers the same.
 * @throws AppError 'forbidden', 'not-found'.
 */
export async function disconnectMailbox(
  deps: AppDeps,
  ctx: RequestContext,
  teamId: string,
): Promise<Mailbox> {
  authorizeMailboxManagement(ctx);
  const email = await teamEmailOf(deps, ctx, teamId);
  const mailbox = await findTeamMailbox(deps.db, ctx.organizationId, teamId);
  if (mailbox) await revokeMailboxGrant(deps, mailbox);
  await deps.db.delete(teamMailboxes).where(eq(teamMailboxes.teamId, teamId));
  await announceMailboxStatus(deps, ctx.organizationId, teamId);
  return presentMailbox(teamId, provider(deps), email, null, authMethods(deps));
}
