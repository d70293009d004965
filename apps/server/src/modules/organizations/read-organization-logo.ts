import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { StorageNotFoundError, type StoredFile } from '../../carriers/storage/storage-carrier';
import { organizationLogos } from '../../db/schema/organizations';

/**
 * An organisation's logo (resized WebP) as the storage carrier keeps it, and when it changed;
 * null without a logo. The file is the one the organisation's own row names (read in the
 * caller's scope): a key is never taken from a request. A row whose file is missing reads as no logo.
 * @throws CarrierError when the store fails.
 */
export async function readOrganizationLogo(
  deps: Pick<AppDeps, 'db' | 'storage'>,
  organizationId: string,
): Promise<(StoredFile & { updatedAt: Date }) | null> {
  const [row] = await deps.db
    .select({ storageKey: organizationLogos.storageKey, updatedAt: organizationLogos.updatedAt })
    .from(organizationLogos)
    .where(eq(organizationLogos.organizationId, organizationId))
    .limit(1);
  if (!row?.storageKey) return null;
  try {
    return { ...(await deps.storage.get(row.storageKey)), updatedAt: row.updatedAt };
  } catch (error) {
    if (error instanceof StorageNotFoundError) return null;
    throw error;
  }
}
