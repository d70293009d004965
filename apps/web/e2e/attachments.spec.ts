import { expect, test } from '@playwright/test';
import { seriousViolations } from './support/axe';
import { screenshots } from './support/screenshots';
import { signInAsAdmin } from './support/sign-in-as-admin';
import { textFromSimulator } from './support/text-from-simulator';

// A 4 × 4 PNG (red), small enough for any picture limit.
const PICTURE = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVQImWM4w8AARwgWXg4AWIMMwVLWc8oAAAAASUVORK5CYII=',
  'base64',
);

/**
 * Attachments journey (docs/behaviour/attachments.md): a contact texts the team; the person
 * attaches a file the rules refuse (seen before any upload), removes it, attaches a picture,
 * sends it without text; the timeline shows its thumbnail, the viewer opens it, and the
 * simulated phone receives the picture. The phone sends a picture back: the timeline shows it
 * on its way, then kept (fetched by the inbound-media job) as a thumbnail. Axe on the composer
 * with files, on the viewer and on the timeline with the inbound picture.
 */
test('sending a picture from the inbox to the phone simulator and back', async ({
  page,
  context,
}, testInfo) => {
  const suffix = String((Date.now() % 9000) + 1000);
  const word = `photo${suffix}`;
  await signInAsAdmin(page);
  const phone = await context.newPage();
  const device = await textFromSimulator(
    phone,
    `+1438556${suffix}`,
    `Pouvez-vous m’envoyer le plan? ${word}`,
  );

  const row = page
    .getByRole('region', { name: 'Liste des conversations' })
    .getByRole('option')
    .filter({ hasText: word });
  await row.click();
  await expect(page.getByText(`Pouvez-vous m’envoyer le plan? ${word}`).last()).toBeVisible();

  // A web page is refused before it is uploaded, with the spec's message.
  const attach = page.getByRole('button', { name: 'Joindre des images ou des fichiers' });
  const chooser = page.waitForEvent('filechooser');
  await attach.click();
  await (
    await chooser
  ).setFiles({ name: 'page.html', mimeType: 'text/html', buffer: Buffer.from('<html></html>') });
  const tray = page.getByTestId('composer-attachments');
  await expect(tray.getByRole('alert')).toHaveText('Fichier inattendu');
  await tray.getByRole('button', { name: 'Retirer page.html' }).click();

  // The picture: uploaded, then sent without text.
  const second = page.waitForEvent('filechooser');
  await attach.click();
  await (await second).setFiles({ name: `plan-${suffix}.png`, mimeType: 'image/png', buffer: PICTURE });
  await expect(tray.locator('[data-status="done"]')).toHaveCount(1);
  expect(await seriousViolations(page)).toEqual([]);
  await screenshots(page, testInfo, 'composer-with-attachment');
  await page.getByRole('button', { name: 'Envoyer', exact: true }).click();

  // The timeline shows its thumbnail; the viewer shows it whole.
  const thumbnail = page.getByRole('button', { name: `Ouvrir plan-${suffix}.png` });
  await expect(thumbnail.getByRole('img', { name: `plan-${suffix}.png` })).toBeVisible();
  await thumbnail.click();
  const viewer = page.getByRole('dialog', { name: `plan-${suffix}.png` });
  await expect(viewer.getByRole('img', { name: `plan-${suffix}.png` })).toBeVisible();
  await expect(viewer.getByRole('button', { name: `Télécharger plan-${suffix}.png` })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await screenshots(page, testInfo, 'attachment-viewer');
  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();

  // The simulated phone receives the picture.
  await expect(device.getByRole('img', { name: 'Image 1' })).toBeVisible();
  await expect
    .poll(() =>
      device.getByRole('img', { name: 'Image 1' }).evaluate((img: HTMLImageElement) => img.naturalWidth),
    )
    .toBe(4);

  // The phone sends a picture back; the inbox shows it once the app fetched and kept it.
  const pick = phone.waitForEvent('filechooser');
  await device.getByRole('button', { name: 'Joindre une image' }).click();
  await (await pick).setFiles({ name: `retour-${suffix}.png`, mimeType: 'image/png', buffer: PICTURE });
  const back = page.getByRole('button', { name: 'Ouvrir picture-1.png' }).last();
  await expect(back.getByRole('img', { name: 'picture-1.png' })).toBeVisible({ timeout: 20_000 });
  expect(await seriousViolations(page)).toEqual([]);
  await screenshots(page, testInfo, 'timeline-inbound-picture');
});
