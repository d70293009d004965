import { readFileSync } from 'node:fs';
import type { ContactImport, ContactPage } from '@accueil/domain';
import type { AppInstance } from '../http/types';
import { multipartFile } from './multipart';

type Headers = Record<string, string>;

/** A file of `modules/contacts/import/fixtures/` as bytes. */
export const importFixture = (name: string): Buffer =>
  readFileSync(new URL(`../modules/contacts/import/fixtures/${name}`, import.meta.url));

/** POST /api/contacts/import of `data` as the multipart field `field` (the API's is `file`). */
export function uploadImport(
  app: AppInstance,
  headers: Headers,
  fileName: string,
  data: Buffer,
  field = 'file',
) {
  const body = multipartFile(field, fileName, data);
  return app.inject({
    method: 'POST',
    url: '/api/contacts/import',
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
}

/** Polls GET /api/contacts/imports/:id every 100 ms until done or failed. @throws after 30 s. */
export async function waitForImport(app: AppInstance, headers: Headers, id: string): Promise<ContactImport> {
  for (let i = 0; i < 300; i++) {
    const body = (
      await app.inject({ method: 'GET', url: `/api/contacts/imports/${id}`, headers })
    ).json<ContactImport>();
    if (body.status === 'done' || body.status === 'failed') return body;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the import did not end');
}

/** The first 100 contacts the headers' organisation sees. */
export async function contactsOf(app: AppInstance, headers: Headers): Promise<ContactPage> {
  return (await app.inject({ method: 'GET', url: '/api/contacts?limit=100', headers })).json<ContactPage>();
}

/**
 * The three requests bound to a test file's app (`useTestApp()`, read when a request is made, so
 * it may be called at the file's top level): `upload(headers, fileName, data, field?)`,
 * `waitForImport(headers, id)` and `contactsOf(headers)`.
 */
export function contactImportRequests(t: { readonly app: AppInstance }) {
  return {
    upload: (headers: Headers, fileName: string, data: Buffer, field?: string) =>
      uploadImport(t.app, headers, fileName, data, field),
    waitForImport: (headers: Headers, id: string) => waitForImport(t.app, headers, id),
    contactsOf: (headers: Headers) => contactsOf(t.app, headers),
  };
}
