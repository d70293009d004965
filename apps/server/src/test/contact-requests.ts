import type { ContactPage } from '@accueil/domain';
import { expect } from 'vitest';
import type { AppInstance } from '../http/types';

type Headers = Record<string, string>;

/**
 * `POST /api/contacts` and `GET /api/contacts` bound to a test file's app (`useTestApp()`, read
 * when a request is made): `create` answers the raw response, `list` the page (asserting 200).
 */
export function contactRequests(t: { readonly app: AppInstance }) {
  return {
    create: (headers: Headers, body: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url: '/api/contacts', headers, payload: body }),
    list: async (headers: Headers, query = ''): Promise<ContactPage> => {
      const res = await t.app.inject({ method: 'GET', url: `/api/contacts?${query}`, headers });
      expect(res.statusCode).toBe(200);
      return res.json<ContactPage>();
    },
  };
}
