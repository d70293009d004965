import { expect, test, type Page } from '@playwright/test';
import { seriousViolations } from './support/axe';
import { englishWithoutSaving } from './support/english-without-saving';
import { screenshots } from './support/screenshots';
import { signInAsDemoUser } from './support/sign-in-as-admin';

/** The alerts' section of the personalisation page (the page scrolls inside its container). */
const ALERTS = 'section[aria-labelledby="personalization-notifications"]';

/** A conversation's id: the service worker takes any, it only links to it. */
const CONVERSATION = '0b7e4f8e-3c1d-4a8b-9f2e-5d6c7b8a9e0f';

/** The notifications the app's service worker shows now, read from a page of the app. */
function shownNotifications(page: Page) {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    const shown = await registration.getNotifications();
    return shown.map(({ title, body, tag, data }) => ({ title, body, tag, data: data as unknown }));
  });
}

test.use({ serviceWorkers: 'allow' });

/**
 * Web Push, the browser's side (docs/behaviour/notifications.md, "Web Push"). Chromium here
 * reaches no push service (no Internet): turning desktop notifications on fails to subscribe,
 * and the page says that notifications with the tab closed are not available in this browser
 * (looked at in fr-CA and en-CA, axe). The service worker's handlers are then tried for real:
 * pushes are delivered through the DevTools protocol (`ServiceWorker.deliverPushMessage`, as a
 * push service would): once the app's page is closed, it shows the notification with the
 * server's title and body, the tab's tag and the conversation to open. Headless Chromium never
 * counts a page as focused for the worker, and a notification cannot be clicked through the
 * protocol: the rule "nothing while an app window is focused" and the click are unit-tested
 * (`src/sw/push-handlers.test.ts`).
 */
test('with no push service desktop notifications say so; a pushed notice shows once no app page is open', async ({
  context,
}, testInfo) => {
  await context.grantPermissions(['notifications']);
  const app = await context.newPage();
  await signInAsDemoUser(app, 'agent');
  // The app registers its service worker once the first screen is idle.
  await app.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));

  await app.getByRole('link', { name: /Julien Roy.*Personnalisation/ }).click();
  const alerts = app.getByRole('region', { name: 'Avertissements' });
  const desktop = alerts.getByRole('switch', { name: 'Notifications du bureau' });
  await desktop.click({ force: true });
  await expect(desktop).toBeChecked();
  const unavailable = alerts.getByRole('status').filter({ hasText: 'onglet fermé' });
  await expect(unavailable).toHaveText(
    "Dans ce navigateur, les notifications s'affichent seulement quand un onglet d'Accueil est ouvert : celles reçues onglet fermé n'y sont pas offertes.",
    { timeout: 30_000 },
  );
  expect(await seriousViolations(app)).toEqual([]);
  await screenshots(app, testInfo, 'web-push-unavailable-fr-CA', ALERTS);

  // The same page in English.
  await englishWithoutSaving(app);
  await expect(app.getByRole('heading', { level: 1, name: 'Personalization' })).toBeVisible();
  await expect(app.getByRole('status').filter({ hasText: 'tab closed' })).toHaveText(
    'In this browser, notifications only show while an Accueil tab is open: notifications with the tab closed are not available.',
  );
  expect(await seriousViolations(app)).toEqual([]);
  await screenshots(app, testInfo, 'web-push-unavailable-en-CA', ALERTS);
  await app.unrouteAll();

  // The protocol from a page outside the app (about:blank), which stays open when the app's closes.
  const outside = await context.newPage();
  const cdp = await context.newCDPSession(outside);
  const origin = new URL(app.url()).origin;
  const registrations = new Map<string, string>();
  cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations: updated }) => {
    for (const r of updated) if (!r.isDeleted) registrations.set(r.scopeURL, r.registrationId);
  });
  await cdp.send('ServiceWorker.enable');
  await expect.poll(() => registrations.get(`${origin}/`)).toBeTruthy();
  const registrationId = registrations.get(`${origin}/`) ?? '';
  const push = (kind: string, title: string, body: string) =>
    cdp.send('ServiceWorker.deliverPushMessage', {
      origin,
      registrationId,
      data: JSON.stringify({ kind, conversationId: CONVERSATION, title, body }),
    });

  // No page of the app open (with one open, headless Chromium's worker still counts it as not
  // focused: the rule "nothing while focused" is tried in push-handlers.test.ts).
  await app.close();
  await outside.bringToFront();
  await push(
    'assigned',
    'Conversation assignée à vous',
    'Léa Tremblay vous a assigné la conversation avec Marc',
  );

  const check = await context.newPage();
  await check.goto('/login');
  await expect
    .poll(() => shownNotifications(check))
    .toEqual([
      {
        title: 'Conversation assignée à vous',
        body: 'Léa Tremblay vous a assigné la conversation avec Marc',
        tag: `accueil-assigned-${CONVERSATION}`,
        data: { url: `/conversations/${CONVERSATION}` },
      },
    ]);
});
