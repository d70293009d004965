import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { organizationLogos } from '../../db/schema/organizations';

/** An organisation's stored logo (resized WebP) and when it changed, or null without a logo. */
export async function readOrganizationLogo(
  deps: Pick<AppDeps, 'db'>,
  organizationId: string,
): Promise<{ mediaType: string; content: Buffer; updatedAt: Date } | null> {
  const [row] = await deps.db
    .select({
      mediaType: organizationLogos.mediaType,
      content: organizationLogos.content,
      updatedAt: organizationLogos.updatedAt,
    })
    .from(organizationLogos)
    .where(eq(organizationLogos.organizationId, organizationId))
    .limit(1);
  return row ?? null;
}
