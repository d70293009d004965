import { expect, test, type APIRequestContext } from '@playwright/test';
import { seriousViolations } from './support/axe';
import { screenshots } from './support/screenshots';
import { signInAsAdmin } from './support/sign-in-as-admin';

/**
 * The Phones tab of an administrator (docs/behaviour/calls.md, "Phones settings"): the queue's
 * settings saved (switch, message, pause in seconds), a transfer extension refused for a
 * four-digit extension then added with a good one, a spoken (TTS) greeting saved and previewed
 * from the server's speech synthesis; removing an extension asks first. No serious or critical axe
 * violation, in fr-CA and en-CA;
 * screenshots at 1440 × 900 and 1024 × 768.
 */

/** Each section of the Phones tab, shot on its own besides the page. */
const PHONES_SECTIONS = 'section[aria-labelledby^="phones-"]';

/** The demo administrator's bearer headers and organisation, from a new API session (the browser's sign-in ends older ones). */
async function adminApi(
  request: APIRequestContext,
): Promise<{ headers: Record<string, string>; organizationId: string }> {
  const login = await request.post('/api/auth/login', {
    data: { username: 'admin', password: 'Demo-Accueil-2026' },
  });
  expect(login.ok()).toBe(true);
  const { jwt, organization } = (await login.json()) as { jwt: string; organization: { id: string } };
  return { headers: { authorization: `Bearer ${jwt}` }, organizationId: organization.id };
}

type QueueState = { enabled: boolean; queueMessage: string | null; queueRepeatPauseSeconds: number };
let before: QueueState | null = null;

test.beforeEach(async ({ request }) => {
  const { headers, organizationId } = await adminApi(request);
  const organization = (await (
    await request.get(`/api/organizations/${organizationId}`, { headers })
  ).json()) as { options: { voiceQueue: { enabled: boolean } } };
  const settings = (await (await request.get('/api/phone-settings', { headers })).json()) as Omit<
    QueueState,
    'enabled'
  >;
  before = {
    enabled: organization.options.voiceQueue.enabled,
    queueMessage: settings.queueMessage,
    queueRepeatPauseSeconds: settings.queueRepeatPauseSeconds,
  };
});

// The journeys after this one call the demo clinic: its queue and extensions go back as they were.
test.afterEach(async ({ request }) => {
  const { headers } = await adminApi(request);
  if (before) {
    expect(
      (
        await request.put('/api/organizations', {
          headers,
          data: { options: { voiceQueue: { enabled: before.enabled } } },
        })
      ).ok(),
    ).toBe(true);
    const settings = {
      queueMessage: before.queueMessage ?? '',
      queueRepeatPauseSeconds: before.queueRepeatPauseSeconds,
    };
    expect((await request.put('/api/phone-settings', { headers, data: settings })).ok()).toBe(true);
  }
  const extensions = (await (await request.get('/api/transfer-extension', { headers })).json()) as {
    id: string;
    name: string;
  }[];
  for (const extension of extensions) {
    if (extension.name === 'Laboratoire')
      expect((await request.delete(`/api/transfer-extension/${extension.id}`, { headers })).ok()).toBe(true);
  }
});

test('an administrator sets the queue, adds a transfer extension and previews a spoken greeting', async ({
  page,
}) => {
  await signInAsAdmin(page);
  await page.goto('/configuration?configTab=phones');
  await expect(page.getByRole('tab', { name: 'Téléphonie' })).toHaveAttribute('aria-selected', 'true');

  // The queue: on, with its message and a pause out of bounds refused first.
  const calls = page.getByRole('region', { name: 'Appels' });
  await calls.getByRole('switch', { name: /^File d'attente/ }).check();
  await calls
    .getByLabel("Message de la file d'attente")
    .fill('Merci de patienter, un membre de l’équipe vous répondra.');
  const pause = calls.getByLabel('Pause avant de répéter le message');
  await pause.fill('2');
  await expect(calls.getByText('Un nombre entier de 5 à 300.')).toBeVisible();
  await expect(calls.getByRole('button', { name: 'Enregistrer les appels' })).toBeDisabled();
  await pause.fill('45');
  expect(await seriousViolations(page)).toEqual([]);
  await calls.getByRole('button', { name: 'Enregistrer les appels' }).click();
  await expect(page.getByText("Réglages d'appels enregistrés.")).toBeVisible();

  // A transfer extension: four digits are refused beside the field, three are added.
  const transfers = page.getByRole('region', { name: 'Postes de transfert' });
  const form = transfers.getByRole('form', { name: 'Ajouter un poste de transfert' });
  await form.getByLabel('Nom').fill('Laboratoire');
  await form.getByLabel('Numéro de téléphone').fill('514 555 0142');
  await form.getByLabel('Poste').fill('1234');
  await form.getByRole('button', { name: 'Ajouter' }).click();
  await expect(form.getByText('Le poste compte de 0 à 3 chiffres.')).toBeVisible();
  await form.getByLabel('Poste').fill('123');
  await form.getByRole('button', { name: 'Ajouter' }).press('Enter');
  await expect(page.getByText('Poste de transfert ajouté.')).toBeVisible();
  await expect(transfers.getByRole('cell', { name: 'Laboratoire', exact: true })).toBeVisible();
  await expect(transfers.getByRole('cell', { name: '(514) 555-0142', exact: true })).toBeVisible();

  // A spoken greeting for closed hours, saved then previewed (WAV from the server).
  const closed = page.getByRole('region', { name: 'Fermé' });
  await closed
    .getByLabel('Texte lu par synthèse vocale')
    .fill('Bonjour, la clinique est fermée. Laissez-nous un message après le bip.');
  await closed.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('Message enregistré.')).toBeVisible();
  const preview = page.waitForResponse((r) => r.url().endsWith('/api/voicemail-greetings/preview'));
  await closed.getByRole('button', { name: 'Écouter un aperçu' }).click();
  const answer = await preview;
  expect(answer.status()).toBe(200);
  expect(answer.headers()['content-type']).toBe('audio/wav');
  const player = closed.getByLabel('Aperçu du message');
  await expect(player).toHaveAttribute('src', /^blob:/);
  await expect.poll(() => player.evaluate((audio: HTMLAudioElement) => audio.duration)).toBeGreaterThan(1);
  expect(await seriousViolations(page)).toEqual([]);

  // Saved: a reload shows the queue's settings and the extension.
  await page.reload();
  await expect(
    page.getByRole('region', { name: 'Appels' }).getByLabel('Pause avant de répéter le message'),
  ).toHaveValue('45 s');
  await expect(
    page.getByRole('region', { name: 'Appels' }).getByRole('switch', { name: /^File d'attente/ }),
  ).toBeChecked();
  await expect(
    page.getByRole('region', { name: 'Postes de transfert' }).getByRole('cell', { name: '123', exact: true }),
  ).toBeVisible();
  await screenshots(page, test.info(), 'phones-fr-CA', PHONES_SECTIONS);

  // At 1024 px a row's buttons show without scrolling sideways.
  await page.setViewportSize({ width: 1024, height: 768 });
  const region = await page.getByRole('region', { name: 'Postes de transfert' }).boundingBox();
  const remove = await page.getByRole('button', { name: 'Supprimer Laboratoire' }).first().boundingBox();
  expect(remove!.x + remove!.width).toBeLessThanOrEqual(region!.x + region!.width);

  // Removing asks first; cancelling keeps the extension.
  await page.getByRole('button', { name: 'Supprimer Laboratoire' }).first().click();
  const ask = page.getByRole('dialog', { name: 'Supprimer le poste de transfert' });
  await expect(ask).toContainText('Les appels ne pourront plus y être transférés.');
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('phones-remove-asks-1024x768.png') });
  await ask.getByRole('button', { name: 'Annuler' }).click();
  await expect(ask).toBeHidden();
  await expect(
    page
      .getByRole('region', { name: 'Postes de transfert' })
      .getByRole('cell', { name: 'Laboratoire' })
      .first(),
  ).toBeVisible();
});

test('the tab is keyboard usable: the queue switch toggles with the space bar', async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto('/configuration?configTab=phones');
  const incoming = page.getByRole('switch', { name: /^Appels entrants/ });
  await incoming.focus();
  await page.keyboard.press('Space');
  await expect(incoming).not.toBeChecked();
  await page.keyboard.press('Space');
  await expect(incoming).toBeChecked();
});

test.describe('en-CA', () => {
  test.use({ locale: 'en-CA' });

  test('the Phones tab has no serious or critical axe violation in English', async ({ page }) => {
    await page.goto('/login?lang=en');
    await page.getByLabel('Username').fill('notaire');
    await page.getByLabel('Password', { exact: true }).fill('Demo-Accueil-2026');
    await page.getByTestId('login-submit').click();
    await expect(page).toHaveURL(/\/conversations$/);
    await page.goto('/configuration?configTab=phones');
    await expect(page.getByRole('region', { name: 'Transfer extensions' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Closed' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshots(page, test.info(), 'phones-en-CA', PHONES_SECTIONS);
  });
});
