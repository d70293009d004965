import type { Call } from '@accueil/domain';
import { and, eq } from 'drizzle-orm';
import type { HostDeps } from '../../app-deps';
import { callRecordings, calls } from '../../db/schema/calls';
import { changeCall } from './change-call';
import { recordingStore, type RecordingAudio } from './recording-store';

/**
 * A voicemail the carrier recorded: its id for the recording, where it serves it, its length in
 * seconds, and its audio when the carrier hands it over (the sandbox): kept in the app's
 * `RecordingStore` under `recordingSid`. Without it, the audio is fetched from `url` on first play.
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
 * Null when no call has that carrier id. The audio, when given, is stored first (a retry stores it again, harmlessly).
 */
export async function recordVoicemail(
  deps: Pick<HostDeps, 'db' | 'realtime' | 'log' | 'jobs' | 'config'>,
  input: VoicemailInput,
): Promise<Call | null> {
  if (input.audio) await recordingStore(deps.config).put(input.recordingSid, input.audio);
  const result = await changeCall(
    deps,
    and(eq(calls.carrier, input.carrier), eq(calls.callSid, input.callSid))!,
    async (row, _queue, tx) => {
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
        })
        .onConflictDoNothing({ target: [callRecordings.carrier, callRecordings.recordingSid] })
        .returning({ id: callRecordings.id });
      return stored ? { call: {} } : null;
    },
  );
  return result?.call ?? null;
}
