import type { ServiceStatus } from '@accueil/domain';
import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { serviceStatus } from '../../db/schema/service-status';
import { presentServiceStatus } from './service-status.presenter';

/**
 * GET /api/status: the service's status as operators last set it, for anyone (no sign-in: the
 * sign-in page shows it too), or the default (operational, nothing shown) when never set.
 */
export async function getServiceStatus(deps: Pick<AppDeps, 'db'>): Promise<ServiceStatus> {
  const [row] = await deps.db.select().from(serviceStatus).where(eq(serviceStatus.id, 1));
  return presentServiceStatus(row);
}
