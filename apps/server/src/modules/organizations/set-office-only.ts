import { defaultOrganizationOptions } from '@accueil/domain';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { organizations } from '../../db/schema/organizations';

/**
 * Mirrors the machine allowlist's mode into the organisation's option
 * `auth.disallowUserLoginOutsideOffice` ("office only"): true exactly when the mode is
 * `enabled`. The auth module calls it, in its transaction, whenever the Security tab changes
 * the mode, so that the Organisation tab never shows a switch the sign-in does not follow
 * (docs/behaviour/sign-in-security.md, "Machines allowed to sign in").
 */
export async function setOfficeOnly(tx: DbOrTx, organizationId: string, officeOnly: boolean): Promise<void> {
  const [row] = await tx
    .select({ options: organizations.options })
    .from(organizations)
    .where(eq(organizations.id, organizationId))
    .limit(1);
  if (!row) return;
  // Stored options may name only what was changed: the defaults fill the rest, as when read.
  const defaults = defaultOrganizationOptions();
  const auth = { ...defaults.auth, ...row.options?.auth };
  if (auth.disallowUserLoginOutsideOffice === officeOnly) return;
  await tx
    .update(organizations)
    .set({
      options: { ...defaults, ...row.options, auth: { ...auth, disallowUserLoginOutsideOffice: officeOnly } },
    })
    .where(eq(organizations.id, organizationId));
}
