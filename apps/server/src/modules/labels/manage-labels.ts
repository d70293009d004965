import {
  AppError,
  LABELS_MAX_PER_ORGANIZATION,
  type CreateLabelRequest,
  type Label,
  type UpdateLabelRequest,
} from '@accueil/domain';
import { and, asc, count, eq, ne, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import type { DbOrTx } from '../../db/client';
import { conversationLabels, labels } from '../../db/schema/labels';
import { recordEvent } from '../../events/record-event';
import { transactionWithEvents } from '../../events/transaction-with-events';
import type { RequestContext } from '../../http/request-context';
import { authorizeLabelManagement, isLabelNameTaken, labelNameTaken, labelNotFound } from './labels.policy';

/** A row of the labels table → API `Label`. */
function presentLabel(row: typeof labels.$inferSelect): Label {
  return { id: row.id, name: row.name, color: row.color };
}

/** GET /api/labels: the organisation's labels by name (case ignored); every member reads them. */
export async function listLabels(deps: AppDeps, ctx: RequestContext): Promise<Label[]> {
  const rows = await deps.db
    .select()
    .from(labels)
    .where(eq(labels.organizationId, ctx.organizationId))
    .orderBy(asc(sql`lower(${labels.name})`), asc(labels.id));
  return rows.map(presentLabel);
}

/** @throws AppError `label-name-taken` when another label of the organisation has `name` (case ignored). */
async function assertNameFree(tx: DbOrTx, organizationId: string, name: string, exceptId?: string) {
  const [taken] = await tx
    .select({ id: labels.id })
    .from(labels)
    .where(
      and(
        eq(labels.organizationId, organizationId),
        sql`lower(${labels.name}) = lower(${name})`,
        exceptId ? ne(labels.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  if (taken) throw labelNameTaken(name);
}

/** Runs `write`, answering the name index's violation (a concurrent twin) as `label-name-taken`. */
async function guardingName<T>(name: string | undefined, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (name !== undefined && isLabelNameTaken(err)) throw labelNameTaken(name);
    throw err;
  }
}

/**
 * POST /api/labels (administrators): a new label, its name trimmed (by the contract); records
 * `label.created`. At most `LABELS_MAX_PER_ORGANIZATION` per organisation.
 * @throws AppError `forbidden` (not an administrator), `label-name-taken` (409),
 *   `too-many-labels` (422).
 */
export async function createLabel(
  deps: AppDeps,
  ctx: RequestContext,
  body: CreateLabelRequest,
): Promise<Label> {
  authorizeLabelManagement(ctx);
  return guardingName(body.name, () =>
    transactionWithEvents(deps, async (tx) => {
      // Creates of one organisation take turns, so that two at the 99th label cannot both count
      // 99 and pass the limit (a count is not a lock). Released with the transaction.
      await tx.execute(
        sql`select pg_advisory_xact_lock(hashtext('labels.create'), hashtext(${ctx.organizationId}))`,
      );
      const [held] = await tx
        .select({ n: count() })
        .from(labels)
        .where(eq(labels.organizationId, ctx.organizationId));
      if ((held?.n ?? 0) >= LABELS_MAX_PER_ORGANIZATION) {
        throw new AppError(
          'too-many-labels',
          `At most ${LABELS_MAX_PER_ORGANIZATION} labels per organisation`,
          {
            max: LABELS_MAX_PER_ORGANIZATION,
          },
        );
      }
      await assertNameFree(tx, ctx.organizationId, body.name);
      const [row] = await tx
        .insert(labels)
        .values({ organizationId: ctx.organizationId, name: body.name, color: body.color })
        .returning();
      await recordEvent(tx, {
        name: 'label.created',
        organizationId: ctx.organizationId,
        actorUserId: ctx.userId,
        payload: { labelId: row!.id, name: row!.name },
      });
      return presentLabel(row!);
    }),
  );
}

/**
 * PUT /api/labels/:id (administrators): renames and/or recolours; records `label.changed` with
 * the fields that changed (none changed: answered as it is, no event).
 * @throws AppError `forbidden`, `not-found` (missing or another organisation's), `label-name-taken`.
 */
export async function updateLabel(
  deps: AppDeps,
  ctx: RequestContext,
  input: { id: string; changes: UpdateLabelRequest },
): Promise<Label> {
  authorizeLabelManagement(ctx);
  const { name, color } = input.changes;
  return guardingName(name, () =>
    transactionWithEvents(deps, async (tx) => {
      const where = and(eq(labels.organizationId, ctx.organizationId), eq(labels.id, input.id));
      const [current] = await tx.select().from(labels).where(where).for('update');
      if (!current) throw labelNotFound();
      const fields = [
        ...(name !== undefined && name !== current.name ? (['name'] as const) : []),
        ...(color !== undefined && color !== current.color ? (['color'] as const) : []),
      ];
      if (!fields.length) return presentLabel(current);
      if (name !== undefined) await assertNameFree(tx, ctx.organizationId, name, input.id);
      const [row] = await tx
        .update(labels)
        .set({ ...(name !== undefined ? { name } : {}), ...(color !== undefined ? { color } : {}) })
        .where(where)
        .returning();
      await recordEvent(tx, {
        name: 'label.changed',
        organizationId: ctx.organizationId,
        actorUserId: ctx.userId,
        payload: { labelId: input.id, fields },
      });
      return presentLabel(row!);
    }),
  );
}

/**
 * DELETE /api/labels/:id (administrators): the label goes, and with it (the foreign key's
 * cascade) every conversation's use of it; records `label.deleted` with its name and how many
 * conversations carried it.
 * @throws AppError `forbidden`, `not-found` (missing or another organisation's).
 */
export async function deleteLabel(deps: AppDeps, ctx: RequestContext, id: string): Promise<void> {
  authorizeLabelManagement(ctx);
  await transactionWithEvents(deps, async (tx) => {
    const where = and(eq(labels.organizationId, ctx.organizationId), eq(labels.id, id));
    const [current] = await tx.select().from(labels).where(where).for('update');
    if (!current) throw labelNotFound();
    const [used] = await tx
      .select({ n: count() })
      .from(conversationLabels)
      .where(eq(conversationLabels.labelId, id));
    await tx.delete(labels).where(where);
    await recordEvent(tx, {
      name: 'label.deleted',
      organizationId: ctx.organizationId,
      actorUserId: ctx.userId,
      payload: { labelId: id, name: current.name, conversations: used?.n ?? 0 },
    });
  });
}
