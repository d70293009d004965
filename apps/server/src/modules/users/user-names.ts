import { inArray } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema/users';

/** Display names ("First Last") of the users `ids` of `organizationId`, by id; unknown ids are left out. */
export async function userNamesOf(
  deps: Pick<AppDeps, 'db'>,
  input: { organizationId: string; ids: string[] },
  tx: DbOrTx = deps.db,
): Promise<Map<string, string>> {
  if (input.ids.length === 0) return new Map();
  const rows = await tx
    .select({
      id: users.id,
      organizationId: users.organizationId,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(users)
    .where(inArray(users.id, input.ids));
  return new Map(
    rows
      .filter((r) => r.organizationId === input.organizationId)
      .map((r) => [r.id, `${r.firstName} ${r.lastName}`.trim()]),
  );
}
