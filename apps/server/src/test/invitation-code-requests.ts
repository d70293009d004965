import type { CreatedInvitationCode } from '@accueil/domain';
import { expect } from 'vitest';
import type { AppInstance } from '../http/types';
import { buildUser } from './factories';
import { signedInAs } from './signed-in';

/**
 * The devops user's requests of the invitation codes, bound to a test file's app (`useTestApp()`,
 * read when a request is made): `devopsHeaders()` signs a new devops user in; `newCode(validDays)`
 * creates a code (asserting 201) and answers it with the code in clear.
 */
export function invitationCodeRequests(t: { readonly app: AppInstance }) {
  const devopsHeaders = async () => signedInAs(await buildUser({ role: 'devops' }));
  const newCode = async (validDays = 14): Promise<CreatedInvitationCode> => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/devops/invitation-codes',
      headers: await devopsHeaders(),
      payload: { label: 'Clinique test', validDays },
    });
    expect(res.statusCode).toBe(201);
    return res.json<CreatedInvitationCode>();
  };
  return { devopsHeaders, newCode };
}
