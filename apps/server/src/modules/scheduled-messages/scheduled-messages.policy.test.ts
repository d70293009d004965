import { describe, expect, it } from 'vitest';
import { ORG, policyContext, refusalOf, TEAM } from '../../test/policy-context';
import { authorizeScheduledMessage, requireSchedulingTeam } from './scheduled-messages.policy';
import type { ScheduledMessageRow } from './scheduled-messages.presenter';

const AUTHOR = '99999999-9999-4999-8999-999999999999';
/** A scheduled message of `TEAM` written by `AUTHOR` (the policy reads its organisation, team and author). */
const row = { organizationId: ORG, teamId: TEAM, createdByUserId: AUTHOR } as ScheduledMessageRow;

describe('requireSchedulingTeam', () => {
  it('is the current team; 403 for a user without one', () => {
    expect(requireSchedulingTeam(policyContext())).toBe(TEAM);
    expect(refusalOf(() => requireSchedulingTeam(policyContext({ teamId: null })))).toEqual([
      403,
      'forbidden',
    ]);
    expect(refusalOf(() => requireSchedulingTeam(policyContext({ role: 'admin', teamId: null })))).toEqual([
      403,
      'forbidden',
    ]);
  });
});

describe('authorizeScheduledMessage', () => {
  it("lets a member of the team read another member's message but not change it (403); its author changes it", () => {
    expect(refusalOf(() => authorizeScheduledMessage(policyContext(), 'read', row))).toBeNull();
    expect(refusalOf(() => authorizeScheduledMessage(policyContext(), 'manage', row))).toEqual([
      403,
      'forbidden',
    ]);
    expect(
      refusalOf(() => authorizeScheduledMessage(policyContext({ userId: AUTHOR }), 'manage', row)),
    ).toBeNull();
  });

  it('answers 404 for a missing message', () => {
    expect(refusalOf(() => authorizeScheduledMessage(policyContext(), 'read', undefined))).toEqual([
      404,
      'not-found',
    ]);
    expect(
      refusalOf(() => authorizeScheduledMessage(policyContext({ role: 'admin' }), 'manage', undefined)),
    ).toEqual([404, 'not-found']);
  });
});
