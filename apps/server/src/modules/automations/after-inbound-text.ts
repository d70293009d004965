import type { HostDeps } from '../../app-deps';
import { automaticReplyJob } from './automatic-reply.job';

/**
 * After an inbound text is stored (not a carrier's retry): hands the automatic reply's decision
 * to the `automatic-reply` job. The carriers' webhooks and the sandbox call it.
 */
export async function afterInboundText(deps: Pick<HostDeps, 'jobs'>, stored: { duplicate: boolean; organizationId?: string; conversationId?: string }): Promise<void> {
  if (stored.duplicate || !stored.organizationId || !stored.conversationId) return;
  await deps.jobs.send(automaticReplyJob, { organizationId: stored.organizationId, conversationId: stored.conversationId, event: 'inbound-text' });
}
