import type { PostWithSections, Section } from '@accueil/domain';
import { describe, expect, it } from 'vitest';
import { buildUser } from '../../test/factories';
import { callAs, newAlias, THREE_SLIDES, writePost } from '../../test/post-requests';
import { useTestApp } from '../../test/test-app';

const t = useTestApp();

describe('posts', () => {
  it('are written with every field of the spec, a draft by default, in fr-CA by default', async () => {
    const marketing = await buildUser({ role: 'marketing' });
    const res = await callAs(t, marketing, 'POST', '/api/posts', {
      type: 'protocol',
      alias: 'extraction_soins',
      title: 'Soins après une extraction',
      short: 'Les 48 premières heures',
      image: 'https://example.com/dent.png',
      automation: true,
      services: ['extraction'],
      sections: THREE_SLIDES,
    });
    expect(res.statusCode).toBe(201);
    const post = res.json<PostWithSections>();
    expect(post).toMatchObject({
      locale: 'fr-CA',
      locales: ['fr-CA'],
      type: 'protocol',
      alias: 'extraction_soins',
      image: 'https://example.com/dent.png',
      automation: true,
      clinic: marketing.organizationId,
      author: marketing.id,
      updatedBy: marketing.id,
      draft: true,
      services: ['extraction'],
      version: 1,
    });
    expect(post.sections.map((s) => [s.id, s.parent, s.order, s.index])).toEqual([
      ['step1', null, 0, 0],
      ['slide1', 'step1', 1, 0],
      ['slide2', 'step1', 2, 1],
      ['slide3', 'step1', 3, 2],
    ]);
  });

  it('have a version per locale; a reader asks one (fr means fr-CA, en means en-CA)', async () => {
    const marketing = await buildUser({ role: 'marketing' });
    const post = await writePost(t, marketing, { locale: 'fr' });
    const en = await callAs(t, marketing, 'PUT', `/api/posts/${post.id}`, {
      version: post.version,
      locale: 'en',
      title: 'Care after an extraction',
      sections: [{ id: 'step1', title: 'The first day' }],
    });
    expect(en.statusCode).toBe(200);
    expect(en.json<PostWithSections>()).toMatchObject({
      locale: 'en-CA',
      locales: ['en-CA', 'fr-CA'],
      version: 2,
    });
    const fr = await callAs(t, marketing, 'GET', `/api/posts/${post.id}?locale=fr-CA`);
    expect(fr.json<PostWithSections>()).toMatchObject({
      title: 'Soins après une extraction',
      locales: ['en-CA', 'fr-CA'],
    });
    const sections = await callAs(t, marketing, 'GET', `/api/posts/${post.id}/sections?locale=en-CA`);
    expect(sections.json<Section[]>().map((s) => s.title)).toEqual(['The first day']);
    expect((await callAs(t, marketing, 'GET', `/api/posts/${post.id}?locale=fr-FR`)).statusCode).toBe(404);
    const noTitle = await callAs(t, marketing, 'PUT', `/api/posts/${post.id}`, {
      version: 2,
      locale: 'fr-FR',
    });
    expect(noTitle.statusCode).toBe(400);
    expect(noTitle.json()).toMatchObject({
      code: 'validation-failed',
      details: [{ path: 'title', message: 'required' }],
    });
  });

  it('refuse an identifier with a hyphen, a taken alias and a section id used twice, with the spec’s message', async () => {
    const marketing = await buildUser({ role: 'marketing' });
    const hyphen = await callAs(t, marketing, 'POST', '/api/posts', {
      type: 'document',
      alias: 'soins-dents',
      title: 'x',
    });
    expect(hyphen.statusCode).toBe(400);
    expect(JSON.stringify(hyphen.json())).toContain('id-invalid');
    const alias = newAlias();
    await writePost(t, marketing, { alias });
    const taken = await callAs(t, marketing, 'POST', '/api/posts', { type: 'document', alias, title: 'x' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({
      code: 'identifier-taken',
      message: 'This unique identifier (ID) already exists.',
      details: [{ path: 'alias' }],
    });
    const twice = await callAs(t, marketing, 'POST', '/api/posts', {
      type: 'document',
      alias: newAlias(),
      title: 'x',
      sections: [{ id: 'a' }, { id: 'a' }],
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ code: 'identifier-taken', details: [{ path: 'sections.1.id' }] });
    const sectionHyphen = await callAs(t, marketing, 'POST', '/api/posts', {
      type: 'document',
      alias: newAlias(),
      title: 'x',
      sections: [{ id: 'step-1' }],
    });
    expect(sectionHyphen.statusCode).toBe(400);
    // Another organisation may use the same alias.
    const other = await buildUser({ role: 'marketing' });
    expect(
      (await callAs(t, other, 'POST', '/api/posts', { type: 'document', alias, title: 'x' })).statusCode,
    ).toBe(201);
  });

  it('refuse a slide without label or whose parent step is not in the post, and write nothing', async () => {
    const marketing = await buildUser({ role: 'marketing' });
    const alias = newAlias();
    const res = await callAs(t, marketing, 'POST', '/api/posts', {
      type: 'protocol',
      alias,
      title: 'x',
      sections: [
        { id: 'step1' },
        { id: 'slide1', parent: 'step1', label: '  ' },
        { id: 'slide2', parent: 'nowhere', label: 'B' },
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'validation-failed',
      details: [
        { path: 'sections.1.label', message: 'required' },
        { path: 'sections.2.parent', message: 'parent-unknown' },
      ],
    });
    const search = await callAs(t, marketing, 'GET', `/api/posts/search?clinic=${marketing.organizationId}`);
    expect(search.json<PostWithSections[]>().map((p) => p.alias)).not.toContain(alias);
  });

  it('reorder sections as sent, and a removed step takes its slides with it', async () => {
    const marketing = await buildUser({ role: 'marketing' });
    const post = await writePost(t, marketing);
    const [step, s1, s2, s3] = THREE_SLIDES;
    const moved = await callAs(t, marketing, 'PUT', `/api/posts/${post.id}`, {
      version: post.version,
      sections: [
        step,
        s3,
        s1,
        s2,
        { id: 'step2', title: 'Ensuite' },
        { ...s2, id: 'slide4', parent: 'step2' },
      ],
    });
    expect(moved.json<PostWithSections>().sections.map((s) => `${s.id}:${s.order}:${s.index}`)).toEqual([
      'step1:0:0',
      'slide3:1:0',
      'slide1:2:1',
      'slide2:3:2',
      'step2:4:1',
      'slide4:5:0',
    ]);
    const del = await callAs(t, marketing, 'DELETE', `/api/posts/${post.id}/sections/step1?locale=fr-CA`);
    expect(del.statusCode).toBe(204);
    const left = await callAs(t, marketing, 'GET', `/api/posts/${post.id}/sections?locale=fr-CA`);
    expect(left.json<Section[]>().map((s) => s.id)).toEqual(['step2', 'slide4']);
    expect((await callAs(t, marketing, 'DELETE', `/api/posts/${post.id}/sections/step1`)).statusCode).toBe(
      404,
    );
    // The removal raised the version: an editor still on the old one is told.
    const stale = await callAs(t, marketing, 'PUT', `/api/posts/${post.id}`, { version: 2, title: 'x' });
    expect(stale.statusCode).toBe(409);
  });

  it('refuse a save over someone else’s (409, nothing changed), and take the one made on the latest version', async () => {
    const alice = await buildUser({ role: 'marketing' });
    const bob = await buildUser({ role: 'devops', organizationId: alice.organizationId });
    const post = await writePost(t, alice);
    const first = await callAs(t, alice, 'PUT', `/api/posts/${post.id}`, { version: 1, title: 'Alice' });
    expect(first.json<PostWithSections>()).toMatchObject({ version: 2, updatedBy: alice.id });
    const second = await callAs(t, bob, 'PUT', `/api/posts/${post.id}`, { version: 1, title: 'Bob' });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ code: 'post-version-conflict', details: { version: 2 } });
    const read = await callAs(t, alice, 'GET', `/api/posts/${post.id}`);
    expect(read.json<PostWithSections>()).toMatchObject({ title: 'Alice', version: 2 });
    const retried = await callAs(t, bob, 'PUT', `/api/posts/${post.id}`, { version: 2, title: 'Bob' });
    expect(retried.json<PostWithSections>()).toMatchObject({
      title: 'Bob',
      version: 3,
      updatedBy: bob.id,
      author: alice.id,
    });
  });

  it('publish and unpublish', async () => {
    const marketing = await buildUser({ role: 'marketing' });
    const reader = await buildUser({ organizationId: marketing.organizationId });
    const post = await writePost(t, marketing, { draft: true });
    expect((await callAs(t, reader, 'GET', `/api/posts/${post.id}`)).statusCode).toBe(404);
    await callAs(t, marketing, 'PUT', `/api/posts/${post.id}`, { version: 1, draft: false });
    expect((await callAs(t, reader, 'GET', `/api/posts/${post.id}`)).statusCode).toBe(200);
    await callAs(t, marketing, 'PUT', `/api/posts/${post.id}`, { version: 2, draft: true });
    expect((await callAs(t, reader, 'GET', `/api/posts/${post.id}`)).statusCode).toBe(404);
  });
});
