import { AppError, can, type RecordingLength, type RecordingQuery } from '@accueil/domain';
import { and, eq, isNull, ne } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { StorageNotFoundError } from '../../carriers/storage/storage-carrier';
import {
  deleteStoredFile,
  newOrganizationFileKey,
  readStoredFile,
} from '../../carriers/storage/stored-files';
import { CarrierError } from '../../carriers/voice/voice-carrier';
import { callRecordings, calls } from '../../db/schema/calls';
import { actorOf } from '../../http/actor';
import type { RequestContext } from '../../http/request-context';
import { authorizeCall } from './calls.policy';
import { changeCall } from './change-call';
import type { RecordingAudio } from './record-voicemail';

type RecordingRow = typeof callRecordings.$inferSelect;

function recordingNotFound(): AppError {
  return new AppError('not-found', 'Recording not found');
}

/**
 * The recording named by its id or by its stored address, of the caller's organisation, with its
 * call's team authorised as the call is (`call.handle`). Another organisation's recording, or an
 * address no recording of the organisation has, answers 404: the address is only ever matched
 * against the stored rows, never fetched as given.
 */
async function findRecording(
  deps: AppDeps,
  ctx: RequestContext,
  query: RecordingQuery,
): Promise<RecordingRow> {
  const [found] = await deps.db
    .select({ recording: callRecordings, teamId: calls.teamId })
    .from(callRecordings)
    .innerJoin(calls, eq(calls.id, callRecordings.callId))
    .where(
      and(
        eq(callRecordings.organizationId, ctx.organizationId),
        query.recordingId !== undefined
          ? eq(callRecordings.id, query.recordingId)
          : eq(callRecordings.url, query.url ?? ''),
      ),
    )
    .limit(1);
  if (!found) throw recordingNotFound();
  authorizeCall(ctx, { organizationId: found.recording.organizationId, teamId: found.teamId });
  return found.recording;
}

/**
 * The recording's audio from the voice carrier that made it, or null when it has none or the
 * recording is another vendor's than the configured one (a vendor switched since: only the
 * vendor that made a recording can serve it). The carrier holds its own credentials and knows
 * which addresses are its own; this module never reads them.
 * @throws AppError 'carrier-unavailable' when the carrier refuses or cannot be reached.
 */
async function fetchCarrierAudio(deps: AppDeps, row: RecordingRow): Promise<RecordingAudio | null> {
  if (row.carrier !== deps.voice.name) return null;
  try {
    return await deps.voice.fetchRecording({ recordingSid: row.recordingSid, url: row.url });
  } catch (error) {
    if (!(error instanceof CarrierError)) throw error;
    throw new AppError('carrier-unavailable', `The voice carrier did not give the recording (${error.kind})`);
  }
}

/** The audio the recording's row names in the storage carrier, or null when it names none (or it is gone). */
async function keptAudio(deps: AppDeps, row: RecordingRow): Promise<RecordingAudio | null> {
  if (!row.storageKey) return null;
  try {
    const bytes = await readStoredFile(deps.storage, row.storageKey);
    return { bytes: new Uint8Array(bytes), contentType: row.contentType ?? 'application/octet-stream' };
  } catch (error) {
    if (error instanceof StorageNotFoundError) return null;
    throw error;
  }
}

/**
 * Keeps audio fetched from the carrier in the storage carrier: put under a new key, then the
 * row names it unless another first play named its own meanwhile (this copy is then deleted).
 */
async function keepFetchedAudio(deps: AppDeps, row: RecordingRow, audio: RecordingAudio): Promise<void> {
  const key = newOrganizationFileKey(row.organizationId, 'recordings');
  const bytes = Buffer.from(audio.bytes);
  await deps.storage.put(key, bytes, { contentType: audio.contentType, contentLength: bytes.length });
  const [named] = await deps.db
    .update(callRecordings)
    .set({ storageKey: key, contentType: audio.contentType, size: bytes.length })
    .where(
      and(
        eq(callRecordings.id, row.id),
        row.storageKey ? eq(callRecordings.storageKey, row.storageKey) : isNull(callRecordings.storageKey),
        ne(callRecordings.status, 'deleted'),
      ),
    )
    .returning({ id: callRecordings.id });
  await deleteStoredFile(deps, named ? row.storageKey : key);
}

/**
 * GET /api/voice/v1/recordings: a recording's audio, from the storage carrier (the file its row
 * names); a recording not kept yet (Twilio's) is fetched once from the voice carrier
 * (`fetchRecording`) and kept. @throws AppError 'not-found' (another organisation's, or no audio), 'forbidden'
 * (another team's call), 'recording-deleted' (410: an admin deleted it), 'carrier-unavailable'.
 */
export async function getRecordingAudio(
  deps: AppDeps,
  ctx: RequestContext,
  query: RecordingQuery,
): Promise<RecordingAudio> {
  const row = await findRecording(deps, ctx, query);
  if (row.status === 'deleted')
    throw new AppError('recording-deleted', 'The recording was deleted by a user');
  const kept = await keptAudio(deps, row);
  if (kept) return kept;
  const fetched = await fetchCarrierAudio(deps, row);
  if (!fetched) throw new AppError('not-found', 'The recording has no audio');
  await keepFetchedAudio(deps, row, fetched);
  return fetched;
}

/** GET /api/voice/v1/recordings/length: the recording's length in seconds (as the carrier measured it). Same refusals as the audio's, but a deleted recording still has its length. */
export async function getRecordingLength(
  deps: AppDeps,
  ctx: RequestContext,
  recordingId: string,
): Promise<RecordingLength> {
  const row = await findRecording(deps, ctx, { recordingId });
  return { recordingId: row.id, duration: row.durationSeconds };
}

/**
 * DELETE /api/voice/v1/recordings/:id: an administrator of the organisation deletes a recording's
 * audio. The row stays (status `deleted`, naming no file any more) so the call shows "recording
 * deleted by user"; its call gets a new version and `call:updated`; then the audio's file is
 * deleted from the storage carrier. Deleting twice changes nothing.
 * @throws AppError 'not-found', 'forbidden' (not an administrator, or another team's call).
 */
export async function deleteRecording(
  deps: AppDeps,
  ctx: RequestContext,
  recordingId: string,
): Promise<void> {
  if (!can(actorOf(ctx), 'call.deleteRecording', { organizationId: ctx.organizationId }))
    throw new AppError('forbidden', 'Only an administrator deletes a recording');
  const row = await findRecording(deps, ctx, { recordingId });
  // Through the call's writer: a new version and `call:updated`, so open timelines show it deleted.
  await changeCall(
    deps,
    and(eq(calls.organizationId, ctx.organizationId), eq(calls.id, row.callId))!,
    async (_call, _queue, tx) => {
      const [marked] = await tx
        .update(callRecordings)
        .set({ status: 'deleted', storageKey: null })
        .where(and(eq(callRecordings.id, row.id), ne(callRecordings.status, 'deleted')))
        .returning({ id: callRecordings.id });
      return marked ? { call: {} } : null;
    },
  );
  await deleteStoredFile(deps, row.storageKey);
}
