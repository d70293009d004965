import type { CarrierVendor } from '../../carrier-slot';
import type { StorageCarrier } from '../storage-carrier';
import { createS3StorageCarrier, S3_CARRIER_NAME } from './s3-storage-carrier';

/**
 * The S3 storage vendor (`STORAGE_CARRIER=s3`, or `S3_BUCKET` set): files in `S3_BUCKET`, on AWS
 * or the S3-compatible service at `S3_ENDPOINT`. It brings no routes: its signed URLs are the
 * bucket's own.
 * @throws Error from `create` when `S3_BUCKET` is missing (config validation prevents it).
 */
export const s3StorageVendor: CarrierVendor<StorageCarrier> = {
  name: S3_CARRIER_NAME,
  create({ config }) {
    if (!config.S3_BUCKET) throw new Error('STORAGE_CARRIER=s3 needs S3_BUCKET');
    return {
      carrier: createS3StorageCarrier({
        bucket: config.S3_BUCKET,
        region: config.S3_REGION,
        endpoint: config.S3_ENDPOINT,
        accessKeyId: config.S3_ACCESS_KEY_ID,
        secretAccessKey: config.S3_SECRET_ACCESS_KEY,
        forcePathStyle: config.S3_FORCE_PATH_STYLE,
      }),
    };
  },
};
