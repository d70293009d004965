import { describe, expect, it } from 'vitest';
import { policyContext, refusalOf, rolesAllowed } from '../../test/policy-context';
import { authorizeImpersonation } from './impersonation.policy';

// The route admits devops only: these refusals are the policy's own, behind the route's check.
describe('authorizeImpersonation', () => {
  it('lets devops start an impersonation and refuses every other role (403)', () => {
    expect(rolesAllowed((role) => authorizeImpersonation(policyContext({ role })))).toEqual(['devops']);
    expect(refusalOf(() => authorizeImpersonation(policyContext({ role: 'super-admin' })))).toEqual([
      403,
      'forbidden',
    ]);
  });

  it('refuses to start an impersonation from inside one (403)', () => {
    const ctx = policyContext({ role: 'devops', impersonatorId: '66666666-6666-4666-8666-666666666666' });
    expect(refusalOf(() => authorizeImpersonation(ctx))).toEqual([403, 'forbidden']);
  });
});
