import type { HostDeps } from '../../app-deps';
import { automaticReplyJob } from './automatic-reply.job';

/**
 * After an inbound call ended missed (nobody answered it: it rang out, the caller hung up while
 * it rang or waited, or it went to voicemail): hands the missed-call automatic reply's decision
 * to the `automatic-reply` job, under the same limits as every automatic reply (once per
 * contact per period, never two within 15 minutes). The calls module calls it once per call,
 * when the call ends.
 */
export async function afterMissedCall(
  deps: Pick<HostDeps, 'jobs'>,
  missed: { organizationId: string; conversationId: string },
): Promise<void> {
  await deps.jobs.send(automaticReplyJob, {
    organizationId: missed.organizationId,
    conversationId: missed.conversationId,
    event: 'missed-call',
  });
}
