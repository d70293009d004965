import { DEFAULT_SERVICE_STATUS, type ServiceStatus, type ServiceStatusName } from '@accueil/domain';
import type { serviceStatus } from '../../db/schema/service-status';

/** A `service_status` row as stored. */
export type ServiceStatusRow = typeof serviceStatus.$inferSelect;

/** The row as the API answers it (`ServiceStatus`); no row: the default, operational and hidden. */
export function presentServiceStatus(row: ServiceStatusRow | undefined): ServiceStatus {
  if (!row) return DEFAULT_SERVICE_STATUS;
  return {
    status: row.status as ServiceStatusName,
    enabled: row.enabled,
    banner: row.banner,
    overlay: row.overlay,
    dismissable: row.dismissable,
    bannerText: { ...DEFAULT_SERVICE_STATUS.bannerText, ...row.bannerText },
    nextWindowAt: row.nextWindowAt?.toISOString() ?? null,
    plannedDurationMinutes: row.plannedDurationMinutes,
    displayAheadMinutes: row.displayAheadMinutes,
    updatedAt: row.updatedAt.toISOString(),
  };
}
