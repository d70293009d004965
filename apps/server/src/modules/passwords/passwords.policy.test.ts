import { describe, expect, it } from 'vitest';
import { ORG, OTHER_ORG, policyContext, refusalOf } from '../../test/policy-context';
import type { MailRecipient } from '../users/index';
import { authorizeInvitation } from './passwords.policy';

const recipient = (organizationId: string): MailRecipient => ({
  id: '77777777-7777-4777-8777-777777777777',
  organizationId,
  username: 'camille',
  email: 'camille@example.test',
  firstName: 'Camille',
  lastName: 'Martin',
  locale: 'fr-CA',
  role: 'user',
});

// Under the tenant scope another organisation's user is not even read (null): the policy's own
// check is the one that answers when a row of another organisation reaches it.
describe('authorizeInvitation', () => {
  it("answers 404 for another organisation's user, as for a missing one, even to an administrator", () => {
    const admin = policyContext({ role: 'admin' });
    expect(refusalOf(() => authorizeInvitation(admin, recipient(OTHER_ORG)))).toEqual([404, 'not-found']);
    expect(refusalOf(() => authorizeInvitation(admin, null))).toEqual([404, 'not-found']);
    expect(authorizeInvitation(admin, recipient(ORG))).toEqual(recipient(ORG));
  });
});
