import { join } from 'node:path';
import { appBaseUrl } from '../../../config';
import type { CarrierVendor } from '../../carrier-slot';
import type { StorageCarrier } from '../storage-carrier';
import { diskDownloadRoutes } from './disk-download.routes';
import { createDiskStorageCarrier, DISK_CARRIER_NAME } from './disk-storage-carrier';
import { createMemoryStorageCarrier } from './memory-storage-carrier';
import { urlSigner } from './signed-url';

/**
 * The disk storage vendor (the default; `STORAGE_CARRIER=disk`): files under `DATA_DIR/files/`,
 * in memory when DATA_DIR is `memory://`. Its signed URLs point at this server
 * (`appBaseUrl`: `PUBLIC_URL`, else localhost) and are served by its download route. Several
 * server processes need one shared DATA_DIR (or S3).
 * @throws Error from `create` when the app's secret is not resolved (buildApp resolves it first).
 */
export const diskStorageVendor: CarrierVendor<StorageCarrier> = {
  name: DISK_CARRIER_NAME,
  create({ config }) {
    if (!config.JWT_SECRET) throw new Error('The disk storage carrier needs the resolved JWT_SECRET');
    const signer = urlSigner(config.JWT_SECRET, appBaseUrl(config));
    const carrier =
      config.DATA_DIR === 'memory://'
        ? createMemoryStorageCarrier(signer)
        : createDiskStorageCarrier(join(config.DATA_DIR, 'files'), signer);
    return { carrier, routes: (app) => diskDownloadRoutes(app, carrier, signer) };
  },
};
