import type { SecureFileSummary } from '@accueil/domain';
import type { secureFiles } from '../../db/schema/secure-files';

/** A row of the secure files table. */
export type SecureFileRow = typeof secureFiles.$inferSelect;

/**
 * A secure file as its message shows it: kind, the file's name and size (null while a
 * request waits), expiry, state. Never its code, link or address.
 */
export function presentSecureFile(row: SecureFileRow): SecureFileSummary {
  return {
    id: row.id,
    kind: row.kind,
    name: row.fileName,
    size: row.fileSize,
    expiresAt: row.expiresAt.toISOString(),
    state: row.state,
  };
}
