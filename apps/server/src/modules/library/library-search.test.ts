import { POST_MAX_BYTES, POST_SEARCH_MAX_RESULTS, type Post, type PostWithSections } from '@accueil/domain';
import { describe, expect, it } from 'vitest';
import { buildUser } from '../../test/factories';
import { callAs, newAlias, writePost } from '../../test/post-requests';
import { useTestApp } from '../../test/test-app';
import { organizations } from '../../db/schema/organizations';
import { databaseOf } from '../../test/factories';
import { eq } from 'drizzle-orm';

const t = useTestApp();

const titles = (posts: Post[]) => posts.map((p) => p.title).sort();

describe('searching the library', () => {
  it('finds words of the title, summary and bodies, stemmed in French and English, accents and case ignored', async () => {
    const marketing = await buildUser({ role: 'marketing' });
    const clinic = `clinic=${marketing.organizationId}`;
    await writePost(t, marketing, {
      title: 'Éducation du patient',
      short: 'Hygiène buccale',
      sections: [{ id: 's1', subSections: [{ body: '<p>Les <strong>extractions</strong> dentaires</p>' }] }],
    });
    await writePost(t, marketing, {
      locale: 'en-CA',
      title: 'Teeth whitening',
      short: 'Caring for your smile',
    });
    const search = async (q: string, more = '') =>
      titles(
        (
          await callAs(t, marketing, 'GET', `/api/posts/search?${clinic}&q=${encodeURIComponent(q)}${more}`)
        ).json<Post[]>(),
      );
    expect(await search('education')).toEqual(['Éducation du patient']);
    expect(await search('HYGIENE')).toEqual(['Éducation du patient']);
    expect(await search('extraction')).toEqual(['Éducation du patient']);
    expect(await search('extrac')).toEqual(['Éducation du patient']);
    expect(await search('cared')).toEqual(['Teeth whitening']);
    expect(await search('smile', '&locale=fr-CA')).toEqual([]);
    expect(await search('smile', '&locale=en-CA')).toEqual(['Teeth whitening']);
    expect(await search('dentaire éducation')).toEqual(['Éducation du patient']);
    expect(await search('orthodontie')).toEqual([]);
  });

  it('filters by type and services, and needs 3 characters', async () => {
    const marketing = await buildUser({ role: 'marketing' });
    const clinic = `clinic=${marketing.organizationId}`;
    await writePost(t, marketing, {
      type: 'document',
      title: 'Consentement',
      services: ['implant', 'extraction'],
    });
    await writePost(t, marketing, { type: 'document', title: 'Formulaire', services: ['cleaning'] });
    await writePost(t, marketing, { type: 'article', title: 'Nouvelles' });
    const found = async (query: string) =>
      titles((await callAs(t, marketing, 'GET', `/api/posts/search?${clinic}&${query}`)).json<Post[]>());
    expect(await found('type=document')).toEqual(['Consentement', 'Formulaire']);
    expect(await found('type=document&services=cleaning,other')).toEqual(['Formulaire']);
    expect(await found('services=implant')).toEqual(['Consentement']);
    const short = await callAs(t, marketing, 'GET', `/api/posts/search?${clinic}&q=ab`);
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({ code: 'search-too-short' });
  });

  it('answers the spec’s message when more posts match than one answer holds', async () => {
    const marketing = await buildUser({ role: 'marketing' });
    for (let i = 0; i <= POST_SEARCH_MAX_RESULTS; i++) {
      await callAs(t, marketing, 'POST', '/api/posts', {
        type: 'article',
        alias: newAlias(),
        title: `Rappel ${i}`,
      });
    }
    const res = await callAs(
      t,
      marketing,
      'GET',
      `/api/posts/search?clinic=${marketing.organizationId}&q=rappel`,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'search-too-many-results',
      message: 'Too many search results, please precise your search.',
    });
    const narrower = await callAs(
      t,
      marketing,
      'GET',
      `/api/posts/search?clinic=${marketing.organizationId}&q=rappel%2042`,
    );
    expect(narrower.json<Post[]>().map((p) => p.title)).toContain('Rappel 42');
  });

  it('offers every organisation the starter catalogue of its sector, in the three locales', async () => {
    const agent = await buildUser();
    await databaseOf({})
      .update(organizations)
      .set({ sector: 'dental' })
      .where(eq(organizations.id, agent.organizationId));
    const fr = await callAs(
      t,
      agent,
      'GET',
      `/api/posts/search?type=protocol&draft=false&clinic=${agent.organizationId}&locale=fr-CA`,
    );
    const found = fr.json<Post[]>();
    expect(found.length).toBeGreaterThanOrEqual(2);
    expect(found.every((p) => p.clinic === null && p.locales.length === 3)).toBe(true);
    expect(titles(found)).toContain('Soins après une extraction dentaire');
    const en = await callAs(
      t,
      agent,
      'GET',
      `/api/posts/search?draft=false&clinic=${agent.organizationId}&locale=en-CA&q=extraction`,
    );
    expect(titles(en.json<Post[]>())).toEqual(['Care after a tooth extraction']);
    const vet = await callAs(
      t,
      agent,
      'GET',
      `/api/posts/search?draft=false&clinic=${agent.organizationId}&q=collerette`,
    );
    expect(vet.json<Post[]>()).toEqual([]);
  });
});

describe('a post’s content', () => {
  it('is sanitised: scripts, styles, event handlers and javascript: links pasted from Word are removed', async () => {
    const marketing = await buildUser({ role: 'marketing' });
    const word =
      '<p class="MsoNormal" style="mso-line-height:115%" onclick="steal()">Rincez <b>doucement</b></p>' +
      '<script>alert(1)</script><style>p{color:red}</style><!--[if gte mso 9]><xml>x</xml><![endif]-->' +
      '<a href="javascript:alert(2)">lien</a> <a href="https://example.com/soins">soins</a>' +
      '<img src="x" onerror="alert(3)"><img src="https://example.com/a.png" alt="dent"><iframe src="https://evil.test"></iframe>';
    const post = await writePost(t, marketing, { sections: [{ id: 's1', subSections: [{ body: word }] }] });
    const body = post.sections[0]!.subSections[0]!.body;
    expect(body).toBe(
      '<p>Rincez <b>doucement</b></p><a target="_blank" rel="noopener noreferrer nofollow">lien</a> ' +
        '<a href="https://example.com/soins" target="_blank" rel="noopener noreferrer nofollow">soins</a>' +
        '<img src="x" /><img src="https://example.com/a.png" alt="dent" />',
    );
    const stored = await callAs(t, marketing, 'GET', `/api/posts/${post.id}/sections`);
    expect(JSON.stringify(stored.json())).not.toMatch(/script|javascript|onerror|onclick|style|iframe/);
  });

  it('may weigh up to 5 MB: a larger post is refused (413) and nothing is written', async () => {
    const marketing = await buildUser({ role: 'marketing' });
    const alias = newAlias();
    const big = 'x'.repeat(POST_MAX_BYTES);
    const res = await callAs(t, marketing, 'POST', '/api/posts', {
      type: 'document',
      alias,
      title: 'Gros',
      sections: [{ id: 's1', subSections: [{ body: big }] }],
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 'payload-too-large' });
    const found = await callAs(
      t,
      marketing,
      'GET',
      `/api/posts/search?clinic=${marketing.organizationId}&q=gros`,
    );
    expect(found.json<PostWithSections[]>()).toEqual([]);
    const fits = await callAs(t, marketing, 'POST', '/api/posts', {
      type: 'document',
      alias,
      title: 'Moyen',
      sections: [{ id: 's1', subSections: [{ body: `<p>${'x'.repeat(1_500_000)}</p>` }] }],
    });
    expect(fits.statusCode).toBe(201);
  });
});
