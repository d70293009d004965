import type { AppDeps } from '../app-deps';
import type { AppInstance } from '../http/types';
import { buildInboundCall } from './call-factories';
import { buildAdmin, buildOrganization, buildTeam, buildUser } from './factories';
import { signedInAs } from './signed-in';

/** The caller of the inbound calls `setup()` builds. */
export const CALLER = '+15145550177';

/** Who makes a request: a user row (`buildUser`'s). */
export type PhoneSettingsUser = { id: string; organizationId: string };

/** An error answer's code and `validation-failed` details. */
export const issues = (response: { json: <T>() => T }) =>
  response.json<{ code: string; details?: { location?: string; path: string; message: string }[] }>();

/**
 * The phones tab's test requests bound to a test file's app (`useTestApp()`, read when used):
 * `call(user, method, url, payload?)` signed in as `user`; `setup()` an organisation with a team,
 * an administrator, an online member of the team, and `inbound(at)` building a call from `CALLER`
 * to the team's number.
 */
export function phoneSettingsRequests(t: { readonly app: AppInstance; readonly deps: AppDeps }) {
  const call = async (
    user: PhoneSettingsUser,
    method: 'GET' | 'PUT' | 'POST' | 'DELETE',
    url: string,
    payload?: object,
  ) => t.app.inject({ method, url, headers: await signedInAs(user), ...(payload ? { payload } : {}) });
  const setup = async () => {
    const org = await buildOrganization();
    const team = await buildTeam({ organizationId: org.id });
    const admin = await buildAdmin({ organizationId: org.id, teamIds: [team.id] });
    const member = await buildUser({ organizationId: org.id, teamIds: [team.id], status: 'online' });
    const inbound = (at: Date) => buildInboundCall(t.deps, { from: CALLER, to: team.phoneNumber!, at });
    return { org, team, admin, member, inbound };
  };
  return { call, setup };
}
