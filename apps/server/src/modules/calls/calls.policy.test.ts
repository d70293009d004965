import type { OrganizationTier } from '@accueil/domain';
import { describe, expect, it } from 'vitest';
import { ORG, OTHER_ORG, policyContext, refusalOf, TEAM } from '../../test/policy-context';
import { actorWithTier, authorizeCall } from './calls.policy';

const OTHER_TEAM = '88888888-8888-4888-8888-888888888888';
const tier = (permissions: number[] | null): OrganizationTier => ({
  organizationId: ORG,
  permissions,
  outgoingCalls: true,
  extensionTransfer: false,
  multipleTeams: true,
});

describe('authorizeCall', () => {
  it("lets a member of the call's team handle it; another team of the organisation answers 403", () => {
    expect(refusalOf(() => authorizeCall(policyContext(), { organizationId: ORG, teamId: TEAM }))).toBeNull();
    expect(
      refusalOf(() =>
        authorizeCall(policyContext({ role: 'admin' }), { organizationId: ORG, teamId: OTHER_TEAM }),
      ),
    ).toEqual([403, 'forbidden']);
  });

  it("answers 404 for a missing call and for another organisation's, even of a team with the same id", () => {
    expect(refusalOf(() => authorizeCall(policyContext(), null))).toEqual([404, 'not-found']);
    expect(refusalOf(() => authorizeCall(policyContext(), undefined))).toEqual([404, 'not-found']);
    expect(
      refusalOf(() =>
        authorizeCall(policyContext({ role: 'admin' }), { organizationId: OTHER_ORG, teamId: TEAM }),
      ),
    ).toEqual([404, 'not-found']);
  });
});

describe('actorWithTier', () => {
  it("gives the rules the tier's codes, leaving out codes it does not know; none without tier data", () => {
    expect(actorWithTier(policyContext(), tier([3, 9, 1])).tier).toEqual(['single-team', 'outgoing-calls']);
    expect(actorWithTier(policyContext(), tier(null)).tier).toBeNull();
    expect(actorWithTier(policyContext(), null)).toMatchObject({
      organizationId: ORG,
      teamId: TEAM,
      tier: null,
    });
  });
});
