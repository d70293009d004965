import type { OAuthEmailProvider } from '@accueil/domain';
import { resolveMx } from 'node:dns/promises';
import type { AppDeps } from '../../app-deps';
import type { RequestContext } from '../../http/request-context';
import { authorizeMailboxManagement } from './email.policy';

/** Addresses whose mail the provider hosts, whatever their DNS says. */
const KNOWN_DOMAINS: Record<string, OAuthEmailProvider> = {
  'gmail.com': 'gmail',
  'googlemail.com': 'gmail',
  'outlook.com': 'outlook',
  'hotmail.com': 'outlook',
  'live.com': 'outlook',
  'msn.com': 'outlook',
  'outlook.fr': 'outlook',
  'hotmail.fr': 'outlook',
  'live.ca': 'outlook',
};

/** How long the MX lookup may take before the answer is "neither" (ms). */
const MX_TIMEOUT_MS = 3000;

/** The provider whose servers receive mail for `exchanges` (MX hosts): Google Workspace, Microsoft 365, or null. */
export function providerOfMx(exchanges: readonly string[]): OAuthEmailProvider | null {
  const hosts = exchanges.map((h) => h.toLowerCase().replace(/\.$/, ''));
  if (
    hosts.some((h) => h.endsWith('.google.com') || h.endsWith('.googlemail.com') || h === 'smtp.google.com')
  )
    return 'gmail';
  if (hosts.some((h) => h.endsWith('.mail.protection.outlook.com') || h.endsWith('.outlook.com')))
    return 'outlook';
  return null;
}

/**
 * `POST /api/oauth2/type` (spec §7): which provider hosts `inboxEmail`'s mail — by its domain
 * for the public services, else by the domain's MX records (Google Workspace, Microsoft 365);
 * null when neither or when DNS does not answer within three seconds (the team then uses IMAP).
 * @throws AppError 'forbidden' (not an administrator).
 */
export async function detectMailProvider(
  _deps: Pick<AppDeps, 'config'>,
  ctx: RequestContext,
  inboxEmail: string,
  lookup: (domain: string) => Promise<{ exchange: string }[]> = resolveMx,
): Promise<{ provider: OAuthEmailProvider | null }> {
  authorizeMailboxManagement(ctx);
  const domain = inboxEmail.split('@').pop()!.toLowerCase();
  const known = KNOWN_DOMAINS[domain];
  if (known) return { provider: known };
  let timer: NodeJS.Timeout | undefined;
  try {
    const records = await Promise.race([
      lookup(domain),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('MX lookup timed out')), MX_TIMEOUT_MS);
      }),
    ]);
    return { provider: providerOfMx(records.map((r) => r.exchange)) };
  } catch {
    return { provider: null };
  } finally {
    clearTimeout(timer);
  }
}
