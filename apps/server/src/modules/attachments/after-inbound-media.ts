import type { HostDeps } from '../../app-deps';
import type { InboundText } from '../../carriers/messaging/messaging-carrier';
import { fetchInboundMediaJob } from './fetch-inbound-media.job';

/**
 * After an inbound text was stored (the carriers' webhooks, the sandbox phone): when it came
 * with media, hands them to the `fetch-inbound-media` job. A retried webhook (`duplicate`)
 * sends nothing: the first one did.
 */
export async function afterInboundMedia(
  deps: Pick<HostDeps, 'jobs'>,
  text: Pick<InboundText, 'media'>,
  stored: { duplicate: boolean; messageId: string | null; organizationId?: string },
): Promise<void> {
  if (stored.duplicate || !stored.messageId || !stored.organizationId || text.media.length === 0) return;
  await deps.jobs.send(fetchInboundMediaJob, {
    organizationId: stored.organizationId,
    messageId: stored.messageId,
    attempt: 0,
  });
}
