import { emailSignature } from '@accueil/domain';
import type { AppDeps } from '../../app-deps';
import type { RequestContext } from '../../http/request-context';
import { getOrganizationSettings } from '../organizations/index';
import { getUserSignatureSource } from '../users/index';

/**
 * The signature the signed-in user's e-mails end with (docs/behaviour/email.md, "Replying"):
 * `emailSignature` of their signature mode, with their organisation's name, address, phone and
 * e-mail. Empty when their mode is `no-signature` (or the user is gone). With it, the user's
 * name and e-mail (a reply's author), null when the user is gone. The reply appends it
 * after `-- `; the conversation's e-mails answer it so the composer shows what will be sent.
 */
export async function userEmailSignature(
  deps: Pick<AppDeps, 'db'>,
  ctx: Pick<RequestContext, 'organizationId' | 'userId'>,
): Promise<{ signature: string; authorName: string | null; authorEmail: string | null }> {
  const user = await getUserSignatureSource(deps.db, ctx.organizationId, ctx.userId);
  if (!user) return { signature: '', authorName: null, authorEmail: null };
  const organization = await getOrganizationSettings(deps, ctx.organizationId);
  const signature = emailSignature({
    mode: user.mode,
    user,
    organization: {
      name: organization?.name ?? '',
      phone: organization?.phone ?? null,
      email: organization?.email ?? null,
      address: organization?.address ?? null,
    },
  });
  return { signature, authorName: `${user.firstName} ${user.lastName}`.trim(), authorEmail: user.email };
}
