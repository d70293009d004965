import { describe, expect, it } from 'vitest';
import { ORG, OTHER_ORG, policyContext, refusalOf, TEAM } from '../../test/policy-context';
import { authorizeTeamMembership } from './teams.policy';

const team = (organizationId: string, administratorIds: string[] = []) => ({
  id: TEAM,
  organizationId,
  administratorIds,
});

describe('authorizeTeamMembership', () => {
  it("answers 404 for another organisation's team (as for a missing one), even to an administrator", () => {
    const admin = policyContext({ role: 'admin' });
    expect(refusalOf(() => authorizeTeamMembership(admin, 'team.addMember', team(OTHER_ORG)))).toEqual([
      404,
      'not-found',
    ]);
    expect(refusalOf(() => authorizeTeamMembership(admin, 'team.removeMember', null))).toEqual([
      404,
      'not-found',
    ]);
    expect(refusalOf(() => authorizeTeamMembership(admin, 'team.removeMember', team(ORG)))).toBeNull();
  });

  it('lets a user the team flags as its administrator change its members; refuses another user (403)', () => {
    const user = policyContext();
    expect(
      refusalOf(() => authorizeTeamMembership(user, 'team.addMember', team(ORG, [user.userId]))),
    ).toBeNull();
    expect(refusalOf(() => authorizeTeamMembership(user, 'team.addMember', team(ORG)))).toEqual([
      403,
      'forbidden',
    ]);
  });
});
