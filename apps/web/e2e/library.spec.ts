import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { seriousViolations } from './support/axe';
import { signInAsDemoUser } from './support/sign-in-as-admin';

/**
 * Library journey (docs/behaviour/library.md): marketing (the demo devops) writes a protocol with
 * three slides in fr-CA and publishes it; a staff member finds it in the library by a word of a
 * slide, reads it, puts its link in a text from the composer, and that link opens for the patient without sign-in, with the clinic's
 * name and nothing else of it; a draft's page is not found. Axe on the list, the read view and the
 * public page; screenshots in fr-CA and en-CA at 1440×900 and 1024×768 with LIBRARY_SHOTS_DIR.
 */

const SHOTS = process.env.LIBRARY_SHOTS_DIR;

async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  for (const [w, h] of [
    [1440, 900],
    [1024, 768],
  ] as const) {
    await page.setViewportSize({ width: w, height: h });
    await page.screenshot({ path: `${SHOTS}/${name}-${w}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

async function tokenOf(request: APIRequestContext, username: string): Promise<string> {
  const res = await request.post('/api/auth/login', { data: { username, password: 'Demo-Accueil-2026' } });
  return ((await res.json()) as { jwt: string }).jwt;
}

test('a protocol of three slides, published, found and read by staff, and opened by the patient', async ({
  page,
  browser,
  request,
}) => {
  const suffix = String(Date.now() % 100_000);
  const marketing = { authorization: `Bearer ${await tokenOf(request, 'devops')}` };
  const written = await request.post('/api/posts', {
    headers: marketing,
    data: {
      type: 'protocol',
      alias: `implant_${suffix}`,
      title: `Soins après un implant ${suffix}`,
      short: 'Les premiers jours après la pose.',
      sections: [
        { id: 'jour1', title: 'Le premier jour' },
        {
          id: 'glace',
          parent: 'jour1',
          label: 'Glace',
          subSections: [{ body: '<p>Appliquez de la glace.</p>' }],
        },
        { id: 'repos', parent: 'jour1', label: 'Repos', subSections: [{ body: '<p>Reposez-vous.</p>' }] },
        {
          id: 'bouche',
          parent: 'jour1',
          label: 'Hygiène',
          subSections: [{ body: '<p>Brossez doucement, sans toucher la gencive cicatrisante.</p>' }],
        },
      ],
    },
  });
  expect(written.status()).toBe(201);
  const post = (await written.json()) as { id: string; version: number; draft: boolean };
  expect(post.draft).toBe(true);
  const published = await request.put(`/api/posts/${post.id}`, {
    headers: marketing,
    data: { version: post.version, draft: false },
  });
  expect(published.status()).toBe(200);

  // Staff find it by a word of a slide, accents aside.
  await signInAsDemoUser(page, 'agent');
  await page.getByRole('link', { name: 'Bibliothèques' }).click();
  await expect(page).toHaveURL(/\/material\/2$/);
  await page
    .locator('label')
    .filter({ hasText: /^Protocoles$/ })
    .click();
  await expect(page).toHaveURL(/\/material\/1$/);
  await page.getByRole('searchbox', { name: 'Rechercher' }).fill('cicatrisante');
  const link = page.getByRole('link', { name: `Soins après un implant ${suffix}` });
  await expect(link).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await shoot(page, 'library-list-fr-CA');
  await link.click();
  await expect(
    page.getByRole('heading', { name: `Soins après un implant ${suffix}`, level: 1 }),
  ).toBeVisible();
  for (const label of ['Glace', 'Repos', 'Hygiène']) {
    await expect(page.getByRole('article', { name: label })).toBeVisible();
  }
  expect(await seriousViolations(page)).toEqual([]);
  await shoot(page, 'library-read-fr-CA');

  // From a conversation, "send a post" puts the short link of its public page in the text.
  await page.getByRole('link', { name: 'Conversations' }).click();
  await page.getByRole('region', { name: 'Liste des conversations' }).getByRole('option').first().click();
  await page.getByRole('button', { name: 'Envoyer un contenu de la bibliothèque' }).click();
  const picker = page.getByRole('dialog', { name: 'Envoyer un contenu' });
  await picker.getByRole('searchbox', { name: 'Rechercher' }).fill(`implant ${suffix}`);
  await picker.getByRole('button', { name: `Envoyer « Soins après un implant ${suffix} »` }).click();
  const composer = page.getByRole('textbox', { name: 'Message' });
  await expect(composer).toHaveValue(/\/l\/[A-Za-z0-9_-]+$/);
  const shortUrl = (await composer.inputValue()).trim();

  // The patient opens the link, without sign-in.
  const patient = await browser.newContext();
  const phone = await patient.newPage();
  await phone.goto(new URL(shortUrl).pathname);
  await expect(phone).toHaveURL(new RegExp(`/p/[0-9a-f-]+/${post.id}`));
  await expect(phone.getByRole('heading', { name: `Soins après un implant ${suffix}` })).toBeVisible();
  await expect(phone.getByText('Clinique Démo')).toBeVisible();
  await expect(phone.getByRole('article')).toHaveCount(3);
  await expect(phone.getByRole('navigation')).toHaveCount(0);
  expect(await seriousViolations(phone)).toEqual([]);
  await shoot(phone, 'library-public-fr-CA');

  // Unpublished, its page is gone.
  await request.put(`/api/posts/${post.id}`, {
    headers: marketing,
    data: { version: post.version + 1, draft: true },
  });
  await phone.reload();
  await expect(phone.getByText('Ce lien ne mène à aucun contenu publié.')).toBeVisible();
  await patient.close();
});
