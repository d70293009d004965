import type { SynchronizationFix, SynchronizationKind, SynchronizationResult } from '@accueil/domain';
import type { AppDeps } from '../../app-deps';
import { withSystemAccess } from '../../db/tenant-scope';
import { recordEvent } from '../../events/record-event';
import { transactionWithEvents } from '../../events/transaction-with-events';
import type { RequestContext } from '../../http/request-context';
import { reconcileOpenCalls } from '../calls/index';
import { releaseExpiredFlowLocks } from '../conversations/index';
import { reconcileTextStatuses } from '../messages/index';
import { authorizeOperations } from './operations.policy';

/** Corrected rows listed in an answer (the count says how many in all). */
const LISTED_FIXES = 50;

type Reconciliation = { checked: number; fixed: SynchronizationFix[]; unresolved?: number };

const RECONCILE: Record<SynchronizationKind, (deps: AppDeps) => Promise<Reconciliation>> = {
  conversations: (deps) => reconcileTextStatuses(deps),
  flows: (deps) => releaseExpiredFlowLocks(deps),
  voice: (deps) => reconcileOpenCalls(deps),
};

const CARRIER: Record<SynchronizationKind, (deps: AppDeps) => string | null> = {
  conversations: (deps) => deps.messaging.name,
  flows: () => null,
  voice: (deps) => deps.voice.name,
};

/**
 * The three synchronize calls (spec §7; docs/behaviour/operations.md): `conversations` asks the
 * messaging carrier about texts left `sent`/`unknown`, `flows` releases flow locks past their
 * hour, `voice` asks the voice carrier about calls still open. Each looks in every organisation
 * (the `operations` access), corrects what the carrier (or the clock) says is stale, and records
 * `operations.synchronized` in the devops user's organisation (audited). Idempotent: a second run
 * finds nothing more to fix.
 * @throws AppError 'forbidden' unless devops.
 */
export async function synchronize(
  deps: AppDeps,
  ctx: RequestContext,
  kind: SynchronizationKind,
): Promise<SynchronizationResult> {
  authorizeOperations(ctx);
  const done = await withSystemAccess('operations', () => RECONCILE[kind](deps));
  const result: SynchronizationResult = {
    kind,
    carrier: CARRIER[kind](deps),
    checked: done.checked,
    fixed: done.fixed.length,
    unresolved: done.unresolved ?? 0,
    items: done.fixed.slice(0, LISTED_FIXES),
  };
  await transactionWithEvents(deps, (tx) =>
    recordEvent(tx, {
      name: 'operations.synchronized',
      organizationId: ctx.organizationId,
      actorUserId: ctx.userId,
      payload: { kind, checked: result.checked, fixed: result.fixed, unresolved: result.unresolved },
      occurredAt: new Date(),
    }),
  );
  return result;
}
