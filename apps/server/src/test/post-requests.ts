import type { PostWithSections } from '@accueil/domain';
import type { TestApp } from './test-app';
import { signedInAs } from './signed-in';

/** Who calls: a user of the factories. */
export type Caller = { id: string; organizationId: string };

/** A request of `caller` through `app.inject` (signed in without an HTTP round trip). */
export async function callAs(
  t: { app: TestApp['app'] },
  caller: Caller,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) {
  return t.app.inject({ method, url, headers: await signedInAs(caller), ...(payload ? { payload } : {}) });
}

let aliasCount = 0;
/** A fresh alias (no hyphen). */
export const newAlias = (): string => `post_${Date.now()}_${++aliasCount}`;

/** Three slides under one step: a protocol's sections. */
export const THREE_SLIDES = [
  { id: 'step1', title: 'Le premier jour' },
  { id: 'slide1', parent: 'step1', label: 'Compresse', subSections: [{ body: '<p>Mordez doucement.</p>' }] },
  {
    id: 'slide2',
    parent: 'step1',
    label: 'Glace',
    subSections: [{ body: '<p>De la glace sur la joue.</p>' }],
  },
  { id: 'slide3', parent: 'step1', label: 'Rinçage', subSections: [{ body: '<p>Pas de rinçage.</p>' }] },
];

/**
 * A post written through the API by `author` (marketing), published unless `draft` says
 * otherwise; fails the test when refused.
 */
export async function writePost(
  t: { app: TestApp['app'] },
  author: Caller,
  body: Record<string, unknown> = {},
): Promise<PostWithSections> {
  const res = await callAs(t, author, 'POST', '/api/posts', {
    type: 'protocol',
    alias: newAlias(),
    title: 'Soins après une extraction',
    short: 'Les premières heures',
    draft: false,
    sections: THREE_SLIDES,
    ...body,
  });
  if (res.statusCode !== 201) throw new Error(`writePost: ${res.statusCode} ${res.body}`);
  return res.json<PostWithSections>();
}
