import { defaultSchedule, type Schedule } from '@accueil/domain';
import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import type { DbOrTx } from '../../db/client';
import { organizations } from '../../db/schema/organizations';

/** An organisation's schedule with its time zone (IANA). */
export type OrganizationScheduleInZone = { schedule: Schedule; timeZone: string };

/**
 * The organisation's week and vacations (the default schedule until one is saved: 09:00–17:00
 * Monday to Friday) and its time zone, or null when the organisation does not exist. Not scoped
 * by a request: callers that answer a user check the policy first.
 */
export async function getOrganizationSchedule(
  deps: Pick<AppDeps, 'db'>,
  organizationId: string,
  tx: DbOrTx = deps.db,
): Promise<OrganizationScheduleInZone | null> {
  const [row] = await tx
    .select({ schedule: organizations.schedule, timeZone: organizations.timeZone })
    .from(organizations)
    .where(eq(organizations.id, organizationId))
    .limit(1);
  return row ? { schedule: row.schedule ?? defaultSchedule(), timeZone: row.timeZone } : null;
}
