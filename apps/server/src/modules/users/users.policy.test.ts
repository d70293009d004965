import { describe, expect, it } from 'vitest';
import { ORG, OTHER_ORG, policyContext, refusalOf } from '../../test/policy-context';
import { authorizeForceDisconnect, authorizeRole, authorizeUserManagement } from './users.policy';

const USER = '99999999-9999-4999-8999-999999999999';

describe('authorizeUserManagement and authorizeForceDisconnect', () => {
  it("answer 404 for another organisation's user (as for a missing one), even to an administrator", () => {
    const admin = policyContext({ role: 'admin' });
    expect(refusalOf(() => authorizeUserManagement(admin, { organizationId: OTHER_ORG }))).toEqual([
      404,
      'not-found',
    ]);
    expect(refusalOf(() => authorizeForceDisconnect(admin, { id: USER, organizationId: OTHER_ORG }))).toEqual(
      [404, 'not-found'],
    );
    expect(refusalOf(() => authorizeUserManagement(admin, null))).toEqual([404, 'not-found']);
    expect(refusalOf(() => authorizeForceDisconnect(admin, null))).toEqual([404, 'not-found']);
  });

  it("let an administrator act on their organisation's users and refuse a user (403)", () => {
    expect(refusalOf(() => authorizeUserManagement(policyContext({ role: 'admin' })))).toBeNull();
    expect(
      refusalOf(() =>
        authorizeForceDisconnect(policyContext({ role: 'admin' }), { id: USER, organizationId: ORG }),
      ),
    ).toBeNull();
    expect(refusalOf(() => authorizeUserManagement(policyContext()))).toEqual([403, 'forbidden']);
    expect(
      refusalOf(() => authorizeForceDisconnect(policyContext(), { id: USER, organizationId: ORG })),
    ).toEqual([403, 'forbidden']);
  });
});

describe('authorizeRole', () => {
  it("refuses giving a role above one's own, and taking one away from someone above (403)", () => {
    const admin = policyContext({ role: 'admin' });
    expect(refusalOf(() => authorizeRole(admin, 'admin', 'user'))).toBeNull();
    expect(refusalOf(() => authorizeRole(admin, 'super-admin'))).toEqual([403, 'forbidden']);
    expect(refusalOf(() => authorizeRole(admin, 'user', 'super-admin'))).toEqual([403, 'forbidden']);
  });
});
