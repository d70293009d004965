import { describe, expect, it } from 'vitest';
import { policyContext, refusalOf, rolesAllowed } from '../../test/policy-context';
import { authorizeInvitationCodes } from './onboarding.policy';

// The routes admit devops only: this refusal is the use cases' own, behind the routes' check.
describe('authorizeInvitationCodes', () => {
  it('lets devops manage the invitation codes and refuses every other role (403)', () => {
    expect(rolesAllowed((role) => authorizeInvitationCodes(policyContext({ role })))).toEqual(['devops']);
    expect(refusalOf(() => authorizeInvitationCodes(policyContext({ role: 'admin' })))).toEqual([
      403,
      'forbidden',
    ]);
  });
});
