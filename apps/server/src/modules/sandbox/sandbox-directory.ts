import type { SandboxDirectory } from '@accueil/domain';
import type { AppDeps } from '../../app-deps';
import { listNewestContactsWithPhone } from '../contacts/index';
import { getOrganizationNames } from '../organizations/index';
import { listNewestTeamsWithPhoneNumber } from '../teams/index';

/** Most team numbers and most contacts the directory lists (the newest first). */
export const SANDBOX_DIRECTORY_MAX = 200;

/**
 * GET /api/sandbox/directory: team numbers and contacts with a phone, across organisations,
 * newest first. Cross-tenant on purpose: the phone simulator plays every contact's phone,
 * and the route exists only with the sandbox carrier (a development and test tool).
 */
export async function readSandboxDirectory(deps: Pick<AppDeps, 'db'>): Promise<SandboxDirectory> {
  const [teamRows, contactRows] = await Promise.all([
    listNewestTeamsWithPhoneNumber(deps, SANDBOX_DIRECTORY_MAX),
    listNewestContactsWithPhone(deps.db, SANDBOX_DIRECTORY_MAX),
  ]);
  const names = await getOrganizationNames(deps, [
    ...teamRows.map((t) => t.organizationId),
    ...contactRows.map((c) => c.organizationId),
  ]);
  return {
    teams: teamRows.map((t) => ({
      organization: names.get(t.organizationId) ?? '',
      label: t.label,
      phoneNumber: t.phoneNumber ?? '',
    })),
    contacts: contactRows.map((c) => ({
      organization: names.get(c.organizationId) ?? '',
      name: c.fullname,
      phone: c.phone ?? '',
    })),
  };
}
