import type { CallPhaseName } from '@accueil/domain';
import { and, eq, gte, inArray, or } from 'drizzle-orm';
import type { HostDeps } from '../../app-deps';
import { calls } from '../../db/schema/calls';

/**
 * A call older than this is not counted: a call whose end the carrier never reported must not
 * keep its user from being rung for ever (no call lasts this long at a clinic's front desk).
 */
export const ON_CALL_HORIZON_MS = 12 * 60 * 60 * 1000;

/**
 * Which of `userIds` are on a call at `at` (docs/behaviour/calls.md, "The call on the server"):
 * one they answered that is in progress or held, or one they placed that is not over yet
 * (dialling, ringing the callee, in progress, held). Calls waiting in a queue or parked leave
 * their user free. Calls started more than `ON_CALL_HORIZON_MS` before `at` are not counted.
 */
export async function usersOnCall(
  deps: Pick<HostDeps, 'db'>,
  input: { organizationId: string; userIds: readonly string[]; at: Date },
): Promise<Set<string>> {
  if (input.userIds.length === 0) return new Set();
  const ids = [...input.userIds];
  const answered: CallPhaseName[] = ['in-progress', 'hold'];
  const rows = await deps.db
    .select({
      answeredBy: calls.answeredBy,
      placedBy: calls.placedBy,
      direction: calls.direction,
      phase: calls.phase,
    })
    .from(calls)
    .where(
      and(
        eq(calls.organizationId, input.organizationId),
        gte(calls.startedAt, new Date(input.at.getTime() - ON_CALL_HORIZON_MS)),
        or(
          and(inArray(calls.answeredBy, ids), inArray(calls.phase, answered)),
          and(
            eq(calls.direction, 'outbound'),
            inArray(calls.placedBy, ids),
            inArray(calls.phase, ['initiated', 'ringing', ...answered]),
          ),
        ),
      ),
    );
  const busy = new Set<string>();
  for (const row of rows) {
    if (row.answeredBy && answered.includes(row.phase)) busy.add(row.answeredBy);
    if (row.direction === 'outbound' && row.placedBy) busy.add(row.placedBy);
  }
  return new Set([...busy].filter((id) => ids.includes(id)));
}
