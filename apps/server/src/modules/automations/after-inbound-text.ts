import type { HostDeps } from '../../app-deps';
import { automaticReplyJob } from './automatic-reply.job';
import { hasEnabledAutomaticReply } from './manage-automatic-replies';

/**
 * After an inbound text is stored (not a carrier's retry): hands the automatic reply's decision
 * to the `automatic-reply` job. The carriers' webhooks and the sandbox call it. An organisation
 * with no text a text could get (missed-SMS or vacation, switched on, its own or a team's) gets
 * no job: the job would find none (`replyAutomatically`), and on the ingest path its queueing
 * and its reads cost more than this one indexed read.
 */
export async function afterInboundText(
  deps: Pick<HostDeps, 'jobs' | 'db'>,
  stored: { duplicate: boolean; organizationId?: string; conversationId?: string },
): Promise<void> {
  if (stored.duplicate || !stored.organizationId || !stored.conversationId) return;
  if (!(await hasEnabledAutomaticReply(deps.db, stored.organizationId, ['missed-sms', 'vacation']))) return;
  await deps.jobs.send(automaticReplyJob, {
    organizationId: stored.organizationId,
    conversationId: stored.conversationId,
    event: 'inbound-text',
  });
}
