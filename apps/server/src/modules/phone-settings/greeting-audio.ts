import { AppError, GREETING_AUDIO_TYPES, type VoicemailGreeting, type VoicemailKind } from '@accueil/domain';
import { and, eq } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import type { AppDeps } from '../../app-deps';
import { StorageNotFoundError } from '../../carriers/storage/storage-carrier';
import {
  deleteStoredFile,
  newOrganizationFileKey,
  readStoredFile,
} from '../../carriers/storage/stored-files';
import { voicemailGreetings } from '../../db/schema/phone-settings';
import { transactionWithEvents, type EventDeps } from '../../events/transaction-with-events';
import type { RequestContext } from '../../http/request-context';
import { authorizePhoneSettings } from './phone-settings.policy';
import { present, recordGreetingEvent, requireTeam, saveGreeting, scopeOf } from './voicemail-greetings';

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
 * the content (MP3, WAV, Ogg, WebM, MP4 audio), whatever the file's name says. The audio goes
 * to the storage carrier under a new key first, then the row names it; the audio it named
 * before is deleted after the commit. Audited.
 * @throws AppError `forbidden`, `not-found` (team), `unsupported-media-type` (415) for anything
 * else; CarrierError when the store fails (nothing changed).
 */
export async function uploadGreetingAudio(
  deps: Pick<AppDeps, 'db' | 'storage' | 'log'> & EventDeps,
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
  const storageKey = newOrganizationFileKey(ctx.organizationId, 'greetings');
  await deps.storage.put(storageKey, input.file, {
    contentType: mediaType,
    contentLength: input.file.length,
  });
  const { greeting, previousKey } = await transactionWithEvents(deps, async (tx) => {
    await requireTeam(deps, tx, ctx.organizationId, input.teamId);
    const values = {
      source: input.source,
      audio: null,
      audioStorageKey: storageKey,
      audioSize: input.file.length,
      audioMediaType: mediaType,
      audioDurationSeconds: input.durationSeconds,
      updatedAt: new Date(),
    };
    const [existing] = await tx
      .select({ id: voicemailGreetings.id, audioStorageKey: voicemailGreetings.audioStorageKey })
      .from(voicemailGreetings)
      .where(scopeOf(ctx.organizationId, input.teamId, input.kind))
      .for('update');
    const row = await saveGreeting(tx, existing, values, {
      organizationId: ctx.organizationId,
      teamId: input.teamId,
      kind: input.kind,
      enabled: true,
    });
    await recordGreetingEvent(tx, ctx, {
      name: 'voicemail-greeting.audio-uploaded',
      payload: { greetingId: row.id, kind: input.kind, teamId: input.teamId, source: input.source },
    });
    return { greeting: present(row), previousKey: existing?.audioStorageKey };
  }).catch(async (error: unknown) => {
    await deleteStoredFile(deps, storageKey);
    throw error;
  });
  await deleteStoredFile(deps, previousKey);
  return greeting;
}

/**
 * A greeting's stored audio and its media type, or null (no such greeting in the organisation,
 * no audio, or its file missing from the storage carrier). The file is the one the greeting's
 * row names, read in the current scope: the route's session, or the carrier's system access.
 * @throws CarrierError when the store fails.
 */
export async function readGreetingAudio(
  deps: Pick<AppDeps, 'db' | 'storage'>,
  organizationId: string,
  id: string,
): Promise<{ mediaType: string; content: Buffer } | null> {
  const [row] = await deps.db
    .select({ key: voicemailGreetings.audioStorageKey, mediaType: voicemailGreetings.audioMediaType })
    .from(voicemailGreetings)
    .where(and(eq(voicemailGreetings.organizationId, organizationId), eq(voicemailGreetings.id, id)));
  if (!row?.key || !row.mediaType) return null;
  try {
    return { mediaType: row.mediaType, content: await readStoredFile(deps.storage, row.key) };
  } catch (error) {
    if (error instanceof StorageNotFoundError) return null;
    throw error;
  }
}
