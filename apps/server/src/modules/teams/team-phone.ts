import { AppError } from '@accueil/domain';
import { and, eq, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { teams } from '../../db/schema/teams';

/**
 * A team's number routes inbound texts, so it is unique across the installation.
 * @throws AppError `validation-failed` (400, `details.field` = `phoneNumber`) when another team has it.
 */
export async function assertPhoneNumberFree(
  tx: DbOrTx,
  input: { phoneNumber: string | null; exceptTeamId?: string },
): Promise<void> {
  if (!input.phoneNumber) return;
  const rows = await tx
    .select({ id: teams.id })
    .from(teams)
    .where(
      and(
        eq(teams.phoneNumber, input.phoneNumber),
        input.exceptTeamId ? ne(teams.id, input.exceptTeamId) : undefined,
      ),
    )
    .limit(1);
  if (rows.length)
    throw new AppError('validation-failed', 'This phone number is already used by another team', {
      field: 'phoneNumber',
    });
}
