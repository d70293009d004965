import { expect, test, type Page } from '@playwright/test';
import { signInAsAdmin } from './support/sign-in-as-admin';
import { seriousViolations } from './support/axe';
import { journeyTimeout } from './support/time-scale';

/**
 * The agenda in the browser (demo clinic: Julie Gagnon and Marc Roy, weekday categories):
 * book an appointment by selecting a time in the dentist's column, move it by dragging, move it
 * again through the form, cancel it. The day shown is the next weekday, in the organisation's
 * time zone (America/Toronto).
 */

/** Steps the day view forward to a weekday (the demo categories are open Monday to Friday). */
async function showAWeekday(page: Page) {
  for (let i = 0; i < 3; i++) {
    const weekday = await page.locator('.rbc-toolbar-label').innerText();
    if (!/samedi|dimanche/i.test(weekday)) return;
    await page.getByRole('button', { name: 'Suivant' }).click();
  }
}

/** The 15-minute slot of `hour:minute` in the column of professional `column` (0: Gagnon, 1: Roy) of the day view (from 07:00). */
function slot(page: Page, column: number, hour: number, minute = 0) {
  return page
    .locator('.rbc-time-content .rbc-day-slot')
    .nth(column)
    .locator('.rbc-time-slot')
    .nth((hour - 7) * 4 + minute / 15);
}

test('book, move (drag and form) and cancel an appointment in the agenda', async ({ page }) => {
  // 2.2 min with CI's scale of 2 on a slow machine, near the 3 of the default.
  journeyTimeout(150_000);
  await signInAsAdmin(page);
  await page.goto('/agenda');
  await expect(page.getByRole('heading', { name: 'Agenda' })).toBeVisible();
  await expect(page.locator('.rbc-header').filter({ hasText: 'Julie Gagnon' })).toBeVisible();
  await showAWeekday(page);
  expect(await seriousViolations(page)).toEqual([]);

  // Book: select 10:00 in the dentist's column; the form opens at that time. The column's
  // events layer lies over its slots and the calendar reads the press there, as for a person's
  // click: the click goes to that point without waiting for the slot to be the topmost element.
  await slot(page, 0, 10).click({ force: true });
  const form = page.getByRole('dialog', { name: 'Nouveau rendez-vous' });
  await expect(form).toBeVisible();
  await form.getByRole('combobox', { name: 'Catégorie' }).click();
  await page.getByRole('option', { name: 'Examens' }).click();
  await expect(form.getByRole('combobox', { name: 'Disponibilité' })).toHaveValue('10 h 00');
  await form.getByRole('textbox', { name: 'Prénom' }).fill('Léa');
  await form.getByRole('textbox', { name: 'Nom', exact: true }).fill('Bouchard');
  await form.getByRole('textbox', { name: 'Téléphone' }).fill('514 555 0177');
  expect(await seriousViolations(page)).toEqual([]);
  await form.getByRole('button', { name: 'Réserver' }).click();
  await expect(form).toBeHidden();
  const event = page.locator('.rbc-event').filter({ hasText: 'Léa Bouchard' });
  await expect(event).toBeVisible();
  await expect(event).toContainText('10:00');

  // Move by dragging: one hour later in the same column. The event is taken by its middle (its
  // top and bottom edges resize it) and carried down by the height of an hour.
  const from = await event.boundingBox();
  const ten = await slot(page, 0, 10).boundingBox();
  const eleven = await slot(page, 0, 11).boundingBox();
  const x = from!.x + from!.width / 2;
  const y = from!.y + from!.height / 2;
  const hour = eleven!.y - ten!.y;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x, y + hour / 2, { steps: 8 });
  await page.mouse.move(x, y + hour, { steps: 8 });
  await page.mouse.up();
  await expect(page.getByText('Rendez-vous déplacé')).toBeVisible();
  await expect(event).toContainText('11:00');

  // Move through the form (no dragging): open it, pick another availability.
  await event.click();
  const edit = page.getByRole('dialog', { name: 'Rendez-vous' });
  await edit.getByRole('combobox', { name: 'Disponibilité' }).click();
  await page.getByRole('option', { name: '09 h 00' }).click();
  await edit.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(edit).toBeHidden();
  await expect(event).toContainText('9:00');

  // Cancel it: the time is free again and the appointment leaves the calendar.
  await event.click();
  await page
    .getByRole('dialog', { name: 'Rendez-vous' })
    .getByRole('button', { name: 'Annuler le rendez-vous' })
    .click();
  await page.getByTestId('appointment-cancel-confirm').click();
  await expect(page.getByText('Rendez-vous annulé')).toBeVisible();
  await expect(event).toHaveCount(0);
});
