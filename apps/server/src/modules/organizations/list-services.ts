import type { Sector, Service } from '@accueil/domain';
import { servicesOfSector } from './services-catalogue';

/** The services a sector's organisations may offer (the catalogue shipped with the product), labelled in every locale. */
export function listServices(sector: Sector): Service[] {
  return servicesOfSector(sector);
}
