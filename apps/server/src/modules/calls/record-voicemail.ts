import type { Call } from '@accueil/domain';
import { and, eq } from 'drizzle-orm';
import type { HostDeps } from '../../app-deps';
import { callRecordings, calls } from '../../db/schema/calls';
import { deleteStoredFile, newOrganizationFileKey } from '../../carriers/storage/stored-files';
import { changeCall } from './change-call';

/** A recording's audio: its bytes and their media type (`audio/wav`, `audio/mpeg`, `audio/ogg`, …). */
export type RecordingAudio = { bytes: Uint8Array; contentType: string };

/**
 * A voicemail the carrier recorded: its id for the recording, where it serves it, its length in
 * seconds, and its audio when the carrier hands it over (the sandbox): kept in the storage
 * carrier, under the call's organisation. Without it, the audio is fetched from `url` on first play.
 */
export type VoicemailInput = {
  carrier: string;
  callSid: string;
  recordingSid: string;
  url: string | null;
  duration: number | null;
  audio?: RecordingAudio;
};

/**
 * Stores the voicemail a caller left (docs/behaviour/calls.md, "Voicemail") with its call: once
 * per recording (a retried callback changes nothing); the call gets a new version and its team a
 * `call:updated` (it now shows as missed, with its voicemail). Its end, and so the missed-call
 * automatic reply, comes with the carrier's final status. Runs under the carrier's system access.
 * Null when no call has that carrier id. The audio, when given, is put in the storage carrier
 * before the row that names it is inserted; a retried callback's copy is deleted (the first one's row stands).
 */
export async function recordVoicemail(
  deps: Pick<HostDeps, 'db' | 'realtime' | 'log' | 'jobs' | 'storage'>,
  input: VoicemailInput,
): Promise<Call | null> {
  const audio = input.audio;
  // The key the audio was put under, while no committed row names it.
  let unnamedKey: string | null = null;
  const result = await changeCall(
    deps,
    and(eq(calls.carrier, input.carrier), eq(calls.callSid, input.callSid))!,
    async (row, _queue, tx) => {
      const storageKey = audio ? newOrganizationFileKey(row.organizationId, 'recordings') : null;
      if (audio && storageKey) {
        unnamedKey = storageKey;
        const bytes = Buffer.from(audio.bytes);
        await deps.storage.put(storageKey, bytes, {
          contentType: audio.contentType,
          contentLength: bytes.length,
        });
      }
      const [stored] = await tx
        .insert(callRecordings)
        .values({
          organizationId: row.organizationId,
          callId: row.id,
          kind: 'voicemail',
          carrier: input.carrier,
          recordingSid: input.recordingSid,
          url: input.url,
          durationSeconds: input.duration,
          storageKey,
          contentType: audio?.contentType ?? null,
          size: audio?.bytes.length ?? null,
        })
        .onConflictDoNothing({ target: [callRecordings.carrier, callRecordings.recordingSid] })
        .returning({ id: callRecordings.id });
      return stored ? { call: {} } : null;
    },
  ).catch(async (error: unknown) => {
    await deleteStoredFile(deps, unnamedKey);
    throw error;
  });
  if (result && !result.changed) await deleteStoredFile(deps, unnamedKey);
  return result?.call ?? null;
}
