import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { pushSubscriptions } from '../../db/schema/push';
import { withSystemAccess } from '../../db/tenant-scope';
import { buildTeamOfTwo } from '../../test/conversation-factories';
import { deliverRecordedEvents } from '../../test/domain-event-helpers';
import { authHeader, signIn } from '../../test/factories';
import { accessTokenFor } from '../../test/signed-in';
import { useTestApp } from '../../test/test-app';
import { browserSubscription as subscription } from './testing/browser-subscription';

/*
 * A user's browsers stop being notified when all their sessions end (docs/behaviour/notifications.md,
 * "Web Push"): signing out of every device forgets the user's push subscriptions, not a colleague's.
 */

const t = useTestApp();

it("signing out of every device forgets the user's push subscriptions, and only theirs", async () => {
  const team = await buildTeamOfTwo();
  const marie = await signIn(t.app, team.user);
  const lucHeaders = authHeader(await accessTokenFor(team.luc));
  for (const [headers, endpoint] of [
    [authHeader(marie.jwt), 'https://1.1.1.1/push/marie-desk'],
    [authHeader(marie.jwt), 'https://1.1.1.1/push/marie-laptop'],
    [lucHeaders, 'https://1.1.1.1/push/luc-desk'],
  ] as const) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/push/subscriptions',
      headers,
      payload: subscription(endpoint),
    });
    expect(res.statusCode).toBe(204);
  }
  const rows = () =>
    withSystemAccess('test-fixture', () =>
      t.deps.db
        .select({ userId: pushSubscriptions.userId, endpoint: pushSubscriptions.endpoint })
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.organizationId, team.org.id)),
    );
  expect(await rows()).toHaveLength(3);

  const out = await t.app.inject({
    method: 'POST',
    url: '/api/auth/logout',
    headers: authHeader(marie.jwt),
    payload: { revokeAll: true },
  });
  expect(out.statusCode).toBe(204);
  await deliverRecordedEvents(t.deps, team.org.id);
  expect(await rows()).toEqual([{ userId: team.luc.id, endpoint: 'https://1.1.1.1/push/luc-desk' }]);
  // Delivered again (at least once): nothing more goes.
  await deliverRecordedEvents(t.deps, team.org.id);
  expect(await rows()).toHaveLength(1);
});
