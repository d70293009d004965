import {
  AppError,
  GREETING_AUDIO_TYPES,
  type PutVoicemailGreetingRequest,
  type VoicemailGreeting,
  type VoicemailKind,
} from '@accueil/domain';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import type { AppDeps } from '../../app-deps';
import type { DbOrTx, Tx } from '../../db/client';
import { voicemailGreetings } from '../../db/schema/phone-settings';
import type { RequestContext } from '../../http/request-context';
import { recordAuditEvent } from '../audit/index';
import { getTeam } from '../teams/index';
import { authorizePhoneSettings, invalidField } from './phone-settings.policy';

type Row = typeof voicemailGreetings.$inferSelect;
/** The columns of a greeting without its audio bytes (lists never carry them). */
const summary = {
  id: voicemailGreetings.id,
  organizationId: voicemailGreetings.organizationId,
  teamId: voicemailGreetings.teamId,
  kind: voicemailGreetings.kind,
  enabled: voicemailGreetings.enabled,
  source: voicemailGreetings.source,
  text: voicemailGreetings.text,
  audioMediaType: voicemailGreetings.audioMediaType,
  audioDurationSeconds: voicemailGreetings.audioDurationSeconds,
  audioBytes: sql<number | null>`octet_length(${voicemailGreetings.audio})`.mapWith((v: unknown) =>
    v === null ? null : Number(v),
  ),
  updatedAt: voicemailGreetings.updatedAt,
};
type SummaryRow = Omit<Row, 'audio'> & { audioBytes: number | null };

function present(row: SummaryRow): VoicemailGreeting {
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

const scopeOf = (organizationId: string, teamId: string | null, kind: VoicemailKind) =>
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

async function requireTeam(
  deps: Pick<AppDeps, 'db'>,
  tx: DbOrTx,
  organizationId: string,
  teamId: string | null | undefined,
): Promise<void> {
  if (teamId && !(await getTeam(deps, organizationId, teamId, tx)))
    throw new AppError('not-found', 'Team not found');
}

async function audit(
  tx: Tx,
  ctx: RequestContext,
  id: string,
  details: Record<string, unknown>,
): Promise<void> {
  await recordAuditEvent(tx, {
    organizationId: ctx.organizationId,
    actor: { userId: ctx.userId },
    action: 'phone-settings.changed',
    target: { type: 'voicemail-greeting', id },
    details,
  });
}

/**
 * PUT /api/voicemail-greetings (administrators): sets one greeting's switch, source and text
 * (created on first use). TTS needs a text (`required` at `text`); FILE and RECORDING need the
 * audio uploaded first (`required` at `audio`). Audited.
 * @throws AppError `forbidden`, `not-found` (a team of another organisation), `validation-failed`.
 */
export async function putVoicemailGreeting(
  deps: Pick<AppDeps, 'db'>,
  ctx: RequestContext,
  input: PutVoicemailGreetingRequest,
): Promise<VoicemailGreeting> {
  authorizePhoneSettings(ctx);
  const text = input.text?.trim() ? input.text.trim() : null;
  if (input.source === 'TTS' && !text)
    throw invalidField('text', 'required', 'A spoken greeting needs its text');
  return deps.db.transaction(async (tx) => {
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
    const [row] = existing
      ? await tx
          .update(voicemailGreetings)
          .set(values)
          .where(eq(voicemailGreetings.id, existing.id))
          .returning(summary)
      : await tx
          .insert(voicemailGreetings)
          .values({ organizationId: ctx.organizationId, teamId: input.teamId, kind: input.kind, ...values })
          .returning(summary);
    await audit(tx, ctx, row!.id, {
      kind: input.kind,
      teamId: input.teamId,
      enabled: input.enabled,
      source: input.source,
    });
    return present(row!);
  });
}

/** The media type a greeting's audio is stored under: the sniffed type, WebM audio-only files named as audio. */
async function audioTypeOf(file: Buffer): Promise<string | null> {
  const type = await fileTypeFromBuffer(file);
  if (!type) return null;
  const mime =
    type.mime === 'video/webm'
      ? 'audio/webm'
      : type.mime === 'audio/x-wav' || type.mime === 'audio/vnd.wave'
        ? 'audio/wav'
        : type.mime === 'audio/x-m4a'
          ? 'audio/mp4'
          : type.mime;
  return (GREETING_AUDIO_TYPES as readonly string[]).includes(mime) ? mime : null;
}

/**
 * POST /api/voicemail-greetings/audio/:kind (administrators; the caller checked the upload's
 * size): stores the file (FILE) or the browser's recording (RECORDING) as the greeting's audio
 * and makes it the greeting's source (created enabled on first use). The type is sniffed from
 * the content (MP3, WAV, Ogg, WebM, MP4 audio), whatever the file's name says. Audited.
 * @throws AppError `forbidden`, `not-found` (team), `unsupported-media-type` (415) for anything else.
 */
export async function uploadGreetingAudio(
  deps: Pick<AppDeps, 'db'>,
  ctx: RequestContext,
  input: {
    kind: VoicemailKind;
    teamId: string | null;
    source: 'FILE' | 'RECORDING';
    durationSeconds: number | null;
    file: Buffer;
  },
): Promise<VoicemailGreeting> {
  authorizePhoneSettings(ctx);
  const mediaType = await audioTypeOf(input.file);
  if (!mediaType)
    throw new AppError(
      'unsupported-media-type',
      'The greeting must be an MP3, WAV, Ogg, WebM or MP4 audio file',
    );
  return deps.db.transaction(async (tx) => {
    await requireTeam(deps, tx, ctx.organizationId, input.teamId);
    const values = {
      source: input.source,
      audio: input.file,
      audioMediaType: mediaType,
      audioDurationSeconds: input.durationSeconds,
      updatedAt: new Date(),
    };
    const [existing] = await tx
      .select({ id: voicemailGreetings.id })
      .from(voicemailGreetings)
      .where(scopeOf(ctx.organizationId, input.teamId, input.kind))
      .for('update');
    const [row] = existing
      ? await tx
          .update(voicemailGreetings)
          .set(values)
          .where(eq(voicemailGreetings.id, existing.id))
          .returning(summary)
      : await tx
          .insert(voicemailGreetings)
          .values({
            organizationId: ctx.organizationId,
            teamId: input.teamId,
            kind: input.kind,
            enabled: true,
            ...values,
          })
          .returning(summary);
    await audit(tx, ctx, row!.id, {
      kind: input.kind,
      teamId: input.teamId,
      source: input.source,
      audio: true,
    });
    return present(row!);
  });
}

/**
 * A greeting's stored audio and its media type, or null (no such greeting in the organisation,
 * or no audio). Reads in the current scope: the route's session, or the carrier's system access.
 */
export async function readGreetingAudio(
  deps: Pick<AppDeps, 'db'>,
  organizationId: string,
  id: string,
): Promise<{ mediaType: string; content: Buffer } | null> {
  const [row] = await deps.db
    .select({ audio: voicemailGreetings.audio, mediaType: voicemailGreetings.audioMediaType })
    .from(voicemailGreetings)
    .where(and(eq(voicemailGreetings.organizationId, organizationId), eq(voicemailGreetings.id, id)));
  return row?.audio && row.mediaType ? { mediaType: row.mediaType, content: row.audio } : null;
}

/**
 * DELETE /api/voicemail-greetings/:id (administrators): a team's greeting goes (the team
 * follows the organisation's), the organisation's too (the product's default text). Audited.
 * @throws AppError `forbidden`, `not-found`.
 */
export async function deleteVoicemailGreeting(
  deps: Pick<AppDeps, 'db'>,
  ctx: RequestContext,
  id: string,
): Promise<void> {
  authorizePhoneSettings(ctx);
  await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .delete(voicemailGreetings)
      .where(and(eq(voicemailGreetings.organizationId, ctx.organizationId), eq(voicemailGreetings.id, id)))
      .returning({
        id: voicemailGreetings.id,
        kind: voicemailGreetings.kind,
        teamId: voicemailGreetings.teamId,
      });
    if (!row) throw new AppError('not-found', 'Greeting not found');
    await audit(tx, ctx, row.id, { kind: row.kind, teamId: row.teamId, removed: true });
  });
}
