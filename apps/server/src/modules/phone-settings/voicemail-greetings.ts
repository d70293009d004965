import {
  AppError,
  type PutVoicemailGreetingRequest,
  type VoicemailGreeting,
  type VoicemailKind,
} from '@accueil/domain';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { deleteStoredFile } from '../../carriers/storage/stored-files';
import type { DbOrTx, Tx } from '../../db/client';
import { voicemailGreetings } from '../../db/schema/phone-settings';
import { recordEvent, type NewDomainEvent } from '../../events/record-event';
import { transactionWithEvents, type EventDeps } from '../../events/transaction-with-events';
import type { RequestContext } from '../../http/request-context';
import { getTeam } from '../teams/index';
import { authorizePhoneSettings, invalidField } from './phone-settings.policy';

type Row = typeof voicemailGreetings.$inferSelect;
/** The columns of a greeting as the API presents it (its audio's size, not its bytes nor its key). */
export const summary = {
  id: voicemailGreetings.id,
  organizationId: voicemailGreetings.organizationId,
  teamId: voicemailGreetings.teamId,
  kind: voicemailGreetings.kind,
  enabled: voicemailGreetings.enabled,
  source: voicemailGreetings.source,
  text: voicemailGreetings.text,
  audioMediaType: voicemailGreetings.audioMediaType,
  audioDurationSeconds: voicemailGreetings.audioDurationSeconds,
  audioBytes: voicemailGreetings.audioSize,
  updatedAt: voicemailGreetings.updatedAt,
};
type SummaryRow = Omit<Row, 'audio' | 'audioStorageKey' | 'audioSize'> & { audioBytes: number | null };

/** A greeting as the API answers it. */
export function present(row: SummaryRow): VoicemailGreeting {
  return {
    id: row.id,
    teamId: row.teamId,
    kind: row.kind as VoicemailKind,
    enabled: row.enabled,
    source: row.source as VoicemailGreeting['source'],
    text: row.text,
    audio:
      row.audioBytes !== null && row.audioMediaType
        ? { mediaType: row.audioMediaType, bytes: row.audioBytes, durationSeconds: row.audioDurationSeconds }
        : null,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The one greeting of the organisation (its own: `teamId` null, or a team's) of that kind. */
export const scopeOf = (organizationId: string, teamId: string | null, kind: VoicemailKind) =>
  and(
    eq(voicemailGreetings.organizationId, organizationId),
    teamId ? eq(voicemailGreetings.teamId, teamId) : isNull(voicemailGreetings.teamId),
    eq(voicemailGreetings.kind, kind),
  );

/** Every greeting of the organisation (its own first, then its teams'), without audio bytes. */
export async function listGreetingRows(db: DbOrTx, organizationId: string): Promise<SummaryRow[]> {
  return db
    .select(summary)
    .from(voicemailGreetings)
    .where(eq(voicemailGreetings.organizationId, organizationId))
    .orderBy(
      sql`${voicemailGreetings.teamId} IS NOT NULL`,
      asc(voicemailGreetings.teamId),
      asc(voicemailGreetings.kind),
    );
}

/** GET /api/voicemail-greetings (administrators). */
export async function listVoicemailGreetings(
  deps: Pick<AppDeps, 'db'>,
  ctx: RequestContext,
): Promise<VoicemailGreeting[]> {
  authorizePhoneSettings(ctx);
  return (await listGreetingRows(deps.db, ctx.organizationId)).map(present);
}

/** @throws AppError 'not-found' when `teamId` names no team of the organisation. */
export async function requireTeam(
  deps: Pick<AppDeps, 'db'>,
  tx: DbOrTx,
  organizationId: string,
  teamId: string | null | undefined,
): Promise<void> {
  if (teamId && !(await getTeam(deps, organizationId, teamId, tx)))
    throw new AppError('not-found', 'Team not found');
}

/**
 * Writes `values` to the `existing` greeting, or creates it with `created` (its organisation,
 * team and kind, and what a new greeting has besides) and `values`, in `tx`. Returns its summary.
 */
export async function saveGreeting(
  tx: Tx,
  existing: { id: string } | undefined,
  values: Partial<typeof voicemailGreetings.$inferInsert>,
  created: Pick<typeof voicemailGreetings.$inferInsert, 'organizationId' | 'teamId' | 'kind' | 'enabled'>,
): Promise<SummaryRow> {
  const [row] = existing
    ? await tx
        .update(voicemailGreetings)
        .set(values)
        .where(eq(voicemailGreetings.id, existing.id))
        .returning(summary)
    : await tx
        .insert(voicemailGreetings)
        .values({ ...created, ...values })
        .returning(summary);
  return row!;
}

/**
 * Records a greeting's domain event (`voicemail-greeting.…`, by the request's user), in `tx`:
 * the audit writes `phone-settings.changed` on the greeting.
 */
export async function recordGreetingEvent(
  tx: Tx,
  ctx: RequestContext,
  event: Pick<NewDomainEvent<GreetingEventName>, 'name' | 'payload'>,
): Promise<void> {
  await recordEvent(tx, {
    ...event,
    organizationId: ctx.organizationId,
    actorUserId: ctx.userId,
  } as NewDomainEvent<GreetingEventName>);
}

/** A greeting's domain events. */
type GreetingEventName =
  'voicemail-greeting.changed' | 'voicemail-greeting.audio-uploaded' | 'voicemail-greeting.removed';

/**
 * PUT /api/voicemail-greetings (administrators): sets one greeting's switch, source and text
 * (created on first use). TTS needs a text (`required` at `text`); FILE and RECORDING need the
 * audio uploaded first (`required` at `audio`). Audited.
 * @throws AppError `forbidden`, `not-found` (a team of another organisation), `validation-failed`.
 */
export async function putVoicemailGreeting(
  deps: EventDeps,
  ctx: RequestContext,
  input: PutVoicemailGreetingRequest,
): Promise<VoicemailGreeting> {
  authorizePhoneSettings(ctx);
  const text = input.text?.trim() ? input.text.trim() : null;
  if (input.source === 'TTS' && !text)
    throw invalidField('text', 'required', 'A spoken greeting needs its text');
  return transactionWithEvents(deps, async (tx) => {
    await requireTeam(deps, tx, ctx.organizationId, input.teamId);
    const scope = scopeOf(ctx.organizationId, input.teamId, input.kind);
    const [existing] = await tx.select(summary).from(voicemailGreetings).where(scope).for('update');
    if (input.source !== 'TTS' && !existing?.audioBytes)
      throw invalidField('audio', 'required', 'Upload or record the greeting first');
    const values = {
      enabled: input.enabled,
      source: input.source,
      text: text ?? existing?.text ?? null,
      updatedAt: new Date(),
    };
    const row = await saveGreeting(tx, existing, values, {
      organizationId: ctx.organizationId,
      teamId: input.teamId,
      kind: input.kind,
    });
    await recordGreetingEvent(tx, ctx, {
      name: 'voicemail-greeting.changed',
      payload: {
        greetingId: row.id,
        kind: input.kind,
        teamId: input.teamId,
        enabled: input.enabled,
        source: input.source,
      },
    });
    return present(row);
  });
}

/**
 * DELETE /api/voicemail-greetings/:id (administrators): a team's greeting goes (the team
 * follows the organisation's), the organisation's too (the product's default text), then its
 * audio's file in the storage carrier (after the commit). Audited.
 * @throws AppError `forbidden`, `not-found`.
 */
export async function deleteVoicemailGreeting(
  deps: Pick<AppDeps, 'db' | 'storage' | 'log'> & EventDeps,
  ctx: RequestContext,
  id: string,
): Promise<void> {
  authorizePhoneSettings(ctx);
  const removedKey = await transactionWithEvents(deps, async (tx) => {
    const [row] = await tx
      .delete(voicemailGreetings)
      .where(and(eq(voicemailGreetings.organizationId, ctx.organizationId), eq(voicemailGreetings.id, id)))
      .returning({
        id: voicemailGreetings.id,
        kind: voicemailGreetings.kind,
        teamId: voicemailGreetings.teamId,
        audioStorageKey: voicemailGreetings.audioStorageKey,
      });
    if (!row) throw new AppError('not-found', 'Greeting not found');
    await recordGreetingEvent(tx, ctx, {
      name: 'voicemail-greeting.removed',
      // The stored kind is one of the closed set (checked by the payload's schema).
      payload: { greetingId: row.id, kind: row.kind as VoicemailKind, teamId: row.teamId },
    });
    return row.audioStorageKey;
  });
  await deleteStoredFile(deps, removedKey);
}
