import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';

/** The bucket the stand-in has from the start. */
export const STAND_IN_BUCKET = 'accueil-test';

/**
 * A local S3 protocol server (s3rver) on a random port of 127.0.0.1, files in a temporary
 * folder, with `STAND_IN_BUCKET`: the S3 vendor's tests talk to it as to AWS. Its credentials
 * are s3rver's fixed `S3RVER`/`S3RVER`. It checks a presigned URL's expiry, but not a V4
 * signature (left unimplemented in s3rver): see `presignedSignatureHolds` in test/attachment-requests.ts.
 * `config()` is the app's S3 configuration for it; `close()` stops it and removes its files.
 */
export async function startS3StandIn() {
  const directory = await mkdtemp(join(tmpdir(), 'accueil-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: STAND_IN_BUCKET, configs: [] }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    config: () => ({
      S3_BUCKET: STAND_IN_BUCKET,
      S3_REGION: 'us-east-1',
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: true,
    }),
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
