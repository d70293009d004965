import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema/users';
import { buildOrganization, buildTeam, buildUser } from '../../test/factories';
import { useTestApp } from '../../test/test-app';
import { getUserContext, userScopeOf } from './index';

/** The server's own view of a user: organisation, role and current team, by the session's rule. */
const t = useTestApp();

describe('userScopeOf', () => {
  it('takes the stored current team while the user belongs to it, else the main team, as the session answers', async () => {
    const org = await buildOrganization();
    const main = await buildTeam({ organizationId: org.id, main: true, label: 'Zêta' });
    const other = await buildTeam({ organizationId: org.id, label: 'Alpha' });
    const user = await buildUser({ organizationId: org.id, teamIds: [main.id, other.id], role: 'admin' });

    await t.deps.db.update(users).set({ currentTeamId: other.id }).where(eq(users.id, user.id));
    expect(await userScopeOf(t.deps, user.id)).toEqual({
      userId: user.id,
      organizationId: org.id,
      role: 'admin',
      teamId: other.id,
    });

    // A stored team the user left (or never had) falls back to the main team, first of the list.
    const foreign = await buildTeam({ organizationId: org.id, label: 'Bêta' });
    await t.deps.db.update(users).set({ currentTeamId: foreign.id }).where(eq(users.id, user.id));
    expect((await userScopeOf(t.deps, user.id))?.teamId).toBe(main.id);
    expect((await getUserContext(t.deps, user.id)).userGroup?.id).toBe(main.id);
  });

  it('null team for a user of no team; null for an unknown user', async () => {
    const org = await buildOrganization();
    const loner = await buildUser({ organizationId: org.id, teamIds: [] });
    expect(await userScopeOf(t.deps, loner.id)).toMatchObject({ teamId: null, organizationId: org.id });
    expect(await userScopeOf(t.deps, crypto.randomUUID())).toBeNull();
  });
});
