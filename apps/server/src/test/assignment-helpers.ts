import type { RealtimeEvents } from '@accueil/domain';
import { buildTeamOfTwo } from './conversation-factories';
import { authHeader } from './factories';
import { publishedDuring } from './published-during';
import { accessTokenFor } from './signed-in';
import type { useTestApp } from './test-app';

/**
 * What the assignment tests share (docs/behaviour/assignment.md), bound to a file's test app:
 * an inbox of two members, the assign request, and the notifications published meanwhile.
 */
export function assignmentHelpers(t: ReturnType<typeof useTestApp>) {
  /** An inbox (Marie) with a second member (Luc, signed in too) and a conversation of the team. */
  async function teamOfTwo() {
    const inbox = await buildTeamOfTwo();
    return { ...inbox, lucHeaders: authHeader(await accessTokenFor(inbox.luc)) };
  }

  /** PUT /api/conversations/:id/assignee `{ userId }` as `headers`. */
  function assign(headers: Record<string, string>, id: string, userId: string | null) {
    return t.app.inject({
      method: 'PUT',
      url: `/api/conversations/${id}/assignee`,
      headers,
      payload: { userId },
    });
  }

  /** The realtime events published while `work` runs: room, event, payload. */
  const published = (work: () => Promise<unknown>) => publishedDuring(t.deps, work);

  /** The `inbox:notification` events published while `work` runs, with their room. */
  async function notificationsDuring(work: () => Promise<unknown>) {
    return (await published(work))
      .filter((c) => c.event === 'inbox:notification')
      .map((c) => ({ room: c.room, ...(c.payload as RealtimeEvents['inbox:notification']) }));
  }

  return { teamOfTwo, assign, publishedDuring: published, notificationsDuring };
}
