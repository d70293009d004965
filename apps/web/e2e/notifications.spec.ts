import { expect, test, type Page } from '@playwright/test';
import { seriousViolations } from './support/axe';
import { englishWithoutSaving } from './support/english-without-saving';
import { screenshots } from './support/screenshots';
import { signInAsAdmin, signInAsDemoUser } from './support/sign-in-as-admin';
import { textFromSimulator } from './support/text-from-simulator';
import { journeyTimeout } from './support/time-scale';

/** The alerts' section, shot on its own too: the page scrolls inside its container. */
const ALERTS = 'section[aria-labelledby="personalization-notifications"]';

/** What the stubbed `Notification` recorded: each notification's title and body. */
type Recorded = { title: string; body: string };

/**
 * Installed before the app's scripts: a `window.Notification` that records every notification
 * (and lets the test click one), its permission asked only by `requestPermission`, and `document.visibilityState` / `hasFocus()` that follow
 * `window.__hidden` (a headless page is always visible and focused).
 */
function installNotificationStub() {
  type Stubbed = Window & {
    __hidden?: boolean;
    __notifications: { title: string; body: string; click: () => void }[];
  };
  const w = window as unknown as Stubbed;
  w.__notifications = [];
  // The answer outlives a reload, as a browser's does (the context granted it: asking says yes).
  const answered = 'e2e.notification-permission';
  class RecordingNotification {
    static permission = (localStorage.getItem(answered) ?? 'default') as NotificationPermission;
    static requestPermission(): Promise<NotificationPermission> {
      localStorage.setItem(answered, 'granted');
      RecordingNotification.permission = 'granted';
      return Promise.resolve('granted');
    }
    onclick: (() => void) | null = null;
    constructor(title: string, options?: NotificationOptions) {
      w.__notifications.push({ title, body: options?.body ?? '', click: () => this.onclick?.() });
    }
    close() {}
  }
  Object.defineProperty(window, 'Notification', { value: RecordingNotification, configurable: true });
  Object.defineProperty(Document.prototype, 'visibilityState', {
    configurable: true,
    get: () => (w.__hidden ? 'hidden' : 'visible'),
  });
  Document.prototype.hasFocus = () => !w.__hidden;
}

/** The notifications the stub recorded on `page`. */
const recorded = (page: Page): Promise<Recorded[]> =>
  page.evaluate(() =>
    (window as unknown as { __notifications: Recorded[] }).__notifications.map(({ title, body }) => ({
      title,
      body,
    })),
  );

/**
 * Desktop notifications (docs/behaviour/notifications.md): the agent turns them on in
 * personalisation (the permission asked on that click), hides the inbox's tab; the administrator
 * assigns them a new conversation; a notification titled in French names the contact, and its
 * click opens the conversation. The preferences are looked at in fr-CA and en-CA and checked by axe.
 */
test('an agent with desktop notifications on is notified of an assignment while the tab is hidden; the click opens it', async ({
  browser,
}, testInfo) => {
  journeyTimeout(150_000);
  const suffix = String((Date.now() % 9000) + 1000);
  const displayed = `(438) 559-${suffix}`;

  const agentContext = await browser.newContext();
  await agentContext.grantPermissions(['notifications']);
  await agentContext.addInitScript(installNotificationStub);
  const agent = await agentContext.newPage();
  await signInAsDemoUser(agent, 'agent');

  // Personalisation: turn desktop notifications on (the browser's permission asked by this click).
  await agent.getByRole('link', { name: /Julien Roy.*Personnalisation/ }).click();
  const alerts = agent.getByRole('region', { name: 'Avertissements' });
  const desktop = alerts.getByRole('switch', { name: 'Notifications du bureau' });
  await expect(desktop).not.toBeChecked();
  expect(await agent.evaluate(() => Notification.permission)).toBe('default');
  await desktop.click({ force: true });
  await expect(desktop).toBeChecked();
  const kinds = alerts.getByRole('group', { name: 'Son et notification pour' });
  await expect(
    kinds.getByRole('switch', { name: "Une conversation qui m'est assignée", exact: true }),
  ).toBeChecked();
  await expect(kinds.getByRole('switch', { name: 'Une mention de moi dans une note' })).toBeChecked();
  await expect(
    kinds.getByRole('switch', { name: "Un texto dans une conversation qui m'est assignée" }),
  ).toBeChecked();
  expect(await seriousViolations(agent)).toEqual([]);
  await screenshots(agent, testInfo, 'notifications-preferences-fr-CA', ALERTS);

  // The same page in English, without saving the demo user's language (other journeys use them).
  await englishWithoutSaving(agent);
  await expect(agent.getByRole('heading', { level: 1, name: 'Personalization' })).toBeVisible();
  await expect(
    agent.getByRole('group', { name: 'Sound and notify me for' }).getByRole('switch', {
      name: 'A conversation assigned to me',
      exact: true,
    }),
  ).toBeChecked();
  expect(await seriousViolations(agent)).toEqual([]);
  await screenshots(agent, testInfo, 'notifications-preferences-en-CA', ALERTS);
  await agent.unrouteAll();
  await agent.reload(); // back to the stored fr-CA profile
  await expect(agent.getByRole('heading', { level: 1, name: 'Personnalisation' })).toBeVisible();

  // The inbox, then the tab hidden.
  await agent.goto('/conversations');
  await expect(agent.getByRole('region', { name: 'Liste des conversations' })).toBeVisible();
  await agent.evaluate(() => {
    (window as unknown as { __hidden: boolean }).__hidden = true;
    document.dispatchEvent(new Event('visibilitychange'));
  });

  // The administrator assigns a new conversation to Julien Roy.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signInAsAdmin(admin);
  const phone = await adminContext.newPage();
  await textFromSimulator(phone, `+1438559${suffix}`, 'Bonjour, une question sur mon rendez-vous');
  await phone.close();
  const adminList = admin.getByRole('region', { name: 'Liste des conversations' });
  await admin.getByRole('tab', { name: /Non assignées/ }).click();
  const row = adminList.getByRole('option', { name: new RegExp(displayed.replace(/[()]/g, '\\$&')) });
  await row.click();
  await expect(admin).toHaveURL(/\/conversations\/[0-9a-f-]{36}$/);
  const conversationPath = new URL(admin.url()).pathname;
  await admin.getByTestId('assign-button').click();
  await admin.getByRole('menuitem', { name: 'Julien Roy' }).click();
  await expect(admin.getByText('Conversation assignée à Julien Roy')).toBeVisible();

  // The agent's hidden tab showed a desktop notification: localised, naming the contact, no text.
  const expected = {
    title: 'Conversation assignée à vous',
    body: `Sophie Gagnon vous a assigné la conversation avec ${displayed}`,
  };
  await expect.poll(() => recorded(agent)).toContainEqual(expected);
  for (const shown of await recorded(agent)) expect(shown.body).not.toContain('rendez-vous');

  // Its click brings the tab forward and opens the conversation.
  await agent.evaluate((title) => {
    const w = window as unknown as {
      __hidden: boolean;
      __notifications: { title: string; click: () => void }[];
    };
    w.__hidden = false;
    w.__notifications.find((n) => n.title === title)!.click();
  }, expected.title);
  await expect(agent).toHaveURL(new RegExp(`${conversationPath}$`));
  await expect(
    agent
      .getByRole('region', { name: 'Liste des conversations' })
      .getByRole('option', { name: new RegExp(displayed.replace(/[()]/g, '\\$&')), selected: true }),
  ).toBeVisible();
  await expect(agent.getByRole('button', { name: 'Assignée à Julien Roy — Assigner' })).toBeVisible();

  await adminContext.close();
  await agentContext.close();
});
