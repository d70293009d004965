import { ROLES, type Post, type Role } from '@accueil/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildOrganization, buildUser, type TestUser } from '../../test/factories';
import { callAs, writePost } from '../../test/post-requests';
import { useTestApp } from '../../test/test-app';

/** An organisation on the configured list of those offered the consultations screen. */
const OFFERED = crypto.randomUUID();
const t = useTestApp({ CONSULTATION_ORGANIZATION_IDS: [OFFERED] });

type Where = 'own' | 'other' | 'catalogue';
type Case = { where: Where; draft: boolean; post: Post };
const MARKETING: readonly Role[] = ['marketing', 'devops'];

/** Whether `role` (of organisation A) reads a post: the rule of spec §6 written out, not derived from the code. */
function reads(role: Role, c: Case): boolean {
  if (MARKETING.includes(role)) return true;
  return !c.draft && c.where !== 'other';
}

describe('who sees which post (role × draft × organisation), on every route', () => {
  const cases: Case[] = [];
  const callers = new Map<Role, TestUser>();
  let authorA: TestUser;

  beforeAll(async () => {
    authorA = await buildUser({ role: 'marketing' });
    const authorB = await buildUser({ role: 'marketing' });
    for (const draft of [false, true]) {
      cases.push({ where: 'own', draft, post: await writePost(t, authorA, { draft }) });
      cases.push({ where: 'other', draft, post: await writePost(t, authorB, { draft }) });
      cases.push({
        where: 'catalogue',
        draft,
        post: await writePost(t, authorA, { draft, catalogue: true }),
      });
    }
    for (const role of ROLES)
      callers.set(role, await buildUser({ role, organizationId: authorA.organizationId }));
  });

  it('reads a post, its sections and its link only where the rule allows; 404 otherwise', async () => {
    const seen: string[] = [];
    const expected: string[] = [];
    for (const [role, caller] of callers) {
      for (const c of cases) {
        const name = `${role} ${c.where} ${c.draft ? 'draft' : 'published'}`;
        const ok = reads(role, c);
        for (const [method, url, success] of [
          ['GET', `/api/posts/${c.post.id}`, 200],
          ['GET', `/api/posts/${c.post.id}/sections?locale=fr-CA`, 200],
          // A draft has no public page, so no link, even for marketing.
          ['POST', `/api/posts/${c.post.id}/link`, c.draft ? 404 : 201],
        ] as const) {
          const res = await callAs(t, caller, method, url);
          seen.push(`${name} ${method} ${url.split('/').slice(4).join('/')}: ${res.statusCode}`);
          expected.push(`${name} ${method} ${url.split('/').slice(4).join('/')}: ${ok ? success : 404}`);
        }
      }
    }
    expect(seen).toEqual(expected);
  });

  it('finds in the search only what the caller reads; others may not ask for every post or drafts', async () => {
    for (const [role, caller] of callers) {
      const marketing = MARKETING.includes(role);
      const query = marketing ? 'showAll=true' : `draft=false&clinic=${caller.organizationId}`;
      const res = await callAs(t, caller, 'GET', `/api/posts/search?type=protocol&${query}`);
      expect(res.statusCode).toBe(200);
      const found = new Set(res.json<Post[]>().map((p) => p.id));
      for (const c of cases) {
        expect({ role, where: c.where, draft: c.draft, found: found.has(c.post.id) }).toEqual({
          role,
          where: c.where,
          draft: c.draft,
          found: reads(role, c),
        });
      }
      if (!marketing) {
        expect((await callAs(t, caller, 'GET', '/api/posts/search?showAll=true')).statusCode).toBe(403);
        expect((await callAs(t, caller, 'GET', '/api/posts/search?draft=true')).statusCode).toBe(403);
        const other = cases.find((c) => c.where === 'other')!.post.clinic!;
        expect((await callAs(t, caller, 'GET', `/api/posts/search?clinic=${other}`)).statusCode).toBe(404);
      }
    }
  });

  it('lets only marketing write: others are refused (403) and change nothing', async () => {
    for (const [role, caller] of callers) {
      const own = await writePost(t, authorA);
      const allowed = MARKETING.includes(role);
      const write = await callAs(t, caller, 'PUT', `/api/posts/${own.id}`, { version: 1, title: 'x' });
      const remove = await callAs(t, caller, 'DELETE', `/api/posts/${own.id}/sections/slide1`);
      const create = await callAs(t, caller, 'POST', '/api/posts', {
        type: 'article',
        alias: `a_${role.replace('-', '_')}`,
        title: 'x',
      });
      expect({ role, codes: [write.statusCode, remove.statusCode, create.statusCode] }).toEqual({
        role,
        codes: allowed ? [200, 204, 201] : [403, 403, 403],
      });
    }
  });

  it('shows a published post on its public page without sign-in; never a draft nor another clinic’s', async () => {
    for (const c of cases) {
      const clinic = c.where === 'other' ? c.post.clinic! : authorA.organizationId;
      const res = await t.app.inject({ method: 'GET', url: `/api/public/posts/${clinic}/${c.post.id}` });
      expect({ c: `${c.where} ${c.draft}`, status: res.statusCode }).toEqual({
        c: `${c.where} ${c.draft}`,
        status: c.draft ? 404 : 200,
      });
    }
    const others = cases.find((c) => c.where === 'other' && !c.draft)!.post;
    const guessed = await t.app.inject({
      method: 'GET',
      url: `/api/public/posts/${authorA.organizationId}/${others.id}`,
    });
    expect(guessed.statusCode).toBe(404);
  });

  it('offers the consultations screen only to the organisations on the configured list', async () => {
    const offered = await buildUser({ organizationId: (await buildOrganization({ id: OFFERED })).id });
    const other = await buildUser();
    expect((await callAs(t, offered, 'GET', '/api/consultations/access')).json()).toEqual({ enabled: true });
    expect((await callAs(t, other, 'GET', '/api/consultations/access')).json()).toEqual({ enabled: false });
  });
});
