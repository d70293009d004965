import { DEFAULT_SERVICE_STATUS } from '@accueil/domain';
import { Notifications } from '@mantine/notifications';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { ApiError, apiRequest } from '../../lib/api';
import { setCurrentLocale } from '../../lib/i18n';
import { renderWithProviders } from '../../test/render-with-providers';
import { DevopsScreen } from './devops-screen';
import { enterSession } from './impersonation-api';

vi.mock('../../lib/api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/api')>()),
  apiRequest: vi.fn(),
}));
vi.mock('./impersonation-api', () => ({ enterSession: vi.fn() }));

// Each test types and clicks through whole dialogs: more than the 5 s default on a loaded machine.
vi.setConfig({ testTimeout: 20_000 });

const api = vi.mocked(apiRequest);
const clinic = { id: '7d0c9b1e-4f7a-4c38-9a7e-1b2c3d4e5f80', name: 'Clinique du Parc' };
const openCode = {
  id: '7d0c9b1e-4f7a-4c38-9a7e-1b2c3d4e5f81',
  label: 'Clinique des Érables',
  status: 'open',
  createdAt: '2026-11-20T15:00:00.000Z',
  expiresAt: '2026-12-04T15:00:00.000Z',
  usedAt: null,
  createdBy: { id: '7d0c9b1e-4f7a-4c38-9a7e-1b2c3d4e5f82', name: 'Alex Devops' },
  organization: null,
};
const usedCode = {
  ...openCode,
  id: '7d0c9b1e-4f7a-4c38-9a7e-1b2c3d4e5f83',
  label: null,
  status: 'used',
  usedAt: '2026-11-21T15:00:00.000Z',
  organization: clinic,
};
const organizations = {
  items: [{ ...clinic, country: 'CA', createdAt: '2026-11-21T15:00:00.000Z', userCount: 7 }],
};

const health = {
  checkedAt: '2026-11-29T15:00:00.000Z',
  environment: {
    version: '5.5.1',
    node: 'v22.11.0',
    mode: 'production',
    uptimeSeconds: 7260,
    database: 'postgres',
    carriers: { messaging: 'twilio', voice: 'twilio', email: 'smtp', emailChannel: 'imap', storage: 's3' },
  },
  database: { state: 'up', latencyMs: 1.4 },
  redis: { state: 'down' },
  jobs: {
    started: true,
    queues: [
      { name: 'send-scheduled-message', queued: 3, deferred: 2, active: 1, failed: 0 },
      { name: 'automatic-reply', queued: 0, deferred: 0, active: 0, failed: 4 },
    ],
  },
  realtime: { here: 12, everywhere: null },
  carrierStatus: [
    { capability: 'messaging', carrier: 'twilio', state: 'up', latencyMs: 120, failure: null },
    { capability: 'voice', carrier: 'twilio', state: 'down', latencyMs: 80, failure: 'auth' },
    { capability: 'email', carrier: 'smtp', state: 'down', latencyMs: null, failure: 'timeout' },
    { capability: 'storage', carrier: 's3', state: 'up', latencyMs: 35, failure: null },
  ].map((probe) => ({ ...probe, checkedAt: '2026-11-29T14:59:50.000Z' })),
};

/** The API as the panel reads it; `overrides` answer some calls otherwise (a value, or an error to throw). */
function answering(overrides: Record<string, unknown> = {}) {
  api.mockImplementation((method, path) => {
    const key = `${method} ${path}`;
    if (key in overrides) {
      const value = overrides[key];
      return value instanceof Error ? Promise.reject(value) : Promise.resolve(value);
    }
    const answers: Record<string, unknown> = {
      'GET devops/invitation-codes': { items: [openCode, usedCode] },
      'GET devops/organizations': organizations,
      'GET status': DEFAULT_SERVICE_STATUS,
      'GET devops/health': health,
    };
    return Promise.resolve(answers[key]);
  });
}

function renderPanel(locale: 'fr-CA' | 'en-CA' = 'fr-CA') {
  // The LocaleProvider sets the toasts' language with the interface's.
  setCurrentLocale(locale);
  onTestFinished(() => void setCurrentLocale('fr-CA'));
  return renderWithProviders(
    <>
      <Notifications />
      <DevopsScreen />
    </>,
    { route: '/devops', locale },
  );
}

describe('DevopsScreen', () => {
  beforeEach(() => {
    api.mockReset();
    vi.mocked(enterSession).mockReset();
    answering();
  });

  it('lists the invitation codes with their state, creator and organisation, and revokes an open one', async () => {
    renderPanel();
    const table = await screen.findByRole('table', { name: "Codes d'invitation" });
    const open = (await within(table).findByText('Clinique des Érables')).closest('tr')!;
    expect(within(open).getByText('Ouvert')).toBeTruthy();
    expect(within(open).getByText('Alex Devops')).toBeTruthy();
    const used = within(table).getByText('Utilisé').closest('tr')!;
    expect(within(used).getByText('Clinique du Parc')).toBeTruthy();
    expect(within(used).queryByRole('button', { name: 'Révoquer' })).toBeNull();

    await userEvent.setup().click(within(open).getByRole('button', { name: 'Révoquer' }));
    await vi.waitFor(() =>
      expect(api).toHaveBeenCalledWith('DELETE', `devops/invitation-codes/${openCode.id}`, expect.anything()),
    );
  });

  it('creates a code with its note and validity and shows it once', async () => {
    answering({ 'POST devops/invitation-codes': { ...openCode, code: 'K7PQ-2XMD-9WRT', label: 'Nouvelle' } });
    renderPanel();
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: "Nouveau code d'invitation" });
    await user.type(within(form).getByRole('textbox', { name: 'Note' }), '  Nouvelle  ');
    const days = within(form).getByRole('textbox', { name: 'Validité (jours)' });
    await user.clear(days);
    await user.type(days, '30');
    await user.click(within(form).getByRole('button', { name: 'Créer un code' }));

    const shown = await screen.findByRole('status');
    expect(within(shown).getByTestId('new-invitation-code').textContent).toBe('K7PQ-2XMD-9WRT');
    const post = api.mock.calls.find(([method]) => method === 'POST')!;
    expect(post[1]).toBe('devops/invitation-codes');
    expect(post[2]).toMatchObject({ body: { label: 'Nouvelle', validDays: 30 } });
    expect(within(form).getByRole('textbox', { name: 'Note' })).toHaveProperty('value', '');
  });

  it('sends an emptied validity as the default 14 days, and puts a refused validity on its field', async () => {
    answering({
      'POST devops/invitation-codes': new ApiError(400, 'validation-failed', 'Invalid', [
        { location: 'body', path: 'body.validDays', message: 'too_big' },
      ]),
    });
    renderPanel();
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: "Nouveau code d'invitation" });
    const days = within(form).getByRole('textbox', { name: 'Validité (jours)' });
    await user.clear(days);
    await user.click(within(form).getByRole('button', { name: 'Créer un code' }));
    await vi.waitFor(() => expect(days.getAttribute('aria-invalid')).toBe('true'));
    const post = api.mock.calls.find(([method]) => method === 'POST')!;
    expect(post[2]).toMatchObject({ body: { validDays: 14 } });
    expect(document.getElementById(days.getAttribute('aria-describedby')!)?.textContent).toBe('too_big');
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('shows a refused creation and a list that failed to load in the language of the interface', async () => {
    answering({
      'POST devops/invitation-codes': new ApiError(403, 'forbidden'),
      'GET devops/organizations': new ApiError(500, 'internal'),
    });
    renderPanel('en-CA');
    expect(await screen.findByText('The list could not be loaded.')).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Create a code' }));
    expect(await screen.findByText('You are not allowed to do this.')).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it("acts as an organisation's administrator and enters the session the server answers", async () => {
    const session = { accessToken: 'token', user: { id: 'u' } };
    answering({ 'POST devops/impersonations': session });
    renderPanel();
    const table = await screen.findByRole('table', { name: 'Organisations' });
    const row = (await within(table).findByText('Clinique du Parc')).closest('tr')!;
    expect(within(row).getByText('7')).toBeTruthy();
    await userEvent
      .setup()
      .click(within(row).getByRole('button', { name: 'Agir comme administrateur de Clinique du Parc' }));
    await vi.waitFor(() => expect(enterSession).toHaveBeenCalledWith(session, '/conversations'));
    const call = api.mock.calls.find(([method]) => method === 'POST')!;
    expect(call[2]).toMatchObject({ body: { organizationId: clinic.id } });
  });

  it('sets the service status: the status, what shows, a text per locale and a planned window, sent whole', async () => {
    const saved = {
      ...DEFAULT_SERVICE_STATUS,
      status: 'major_outage',
      enabled: true,
      updatedAt: '2026-11-29T10:00:00.000Z',
    };
    answering({ 'PUT devops/status': saved });
    renderPanel();
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'État du service' });
    await user.click(within(form).getByRole('combobox', { name: 'État' }));
    await user.click(await screen.findByRole('option', { name: 'Panne majeure', hidden: true }));
    await user.click(within(form).getByRole('switch', { name: 'Afficher' }));
    await user.click(within(form).getByRole('switch', { name: 'Bandeau masquable' }));
    await user.type(
      within(form).getByRole('textbox', { name: 'Texte du bandeau (English)' }),
      ' Phones down ',
    );
    await user.type(within(form).getByLabelText('Prochaine maintenance'), '2030-12-07T07:00');
    await user.type(within(form).getByRole('textbox', { name: /Durée prévue/ }), '90');
    await user.click(within(form).getByRole('button', { name: 'Enregistrer l’état' }));
    expect(await screen.findByText('État du service enregistré')).toBeTruthy();
    const put = api.mock.calls.find(([method, path]) => method === 'PUT' && path === 'devops/status');
    expect((put![2] as { body: unknown }).body).toEqual({
      status: 'major_outage',
      enabled: true,
      banner: true,
      overlay: false,
      dismissable: false,
      bannerText: { 'fr-CA': '', 'en-CA': ' Phones down ', 'fr-FR': '' },
      nextWindowAt: new Date('2030-12-07T07:00').toISOString(),
      plannedDurationMinutes: 90,
      displayAheadMinutes: null,
    });
  });

  it('shows the installation health: environment, carriers, each dependency and the job queues', async () => {
    renderPanel();
    const section = await screen.findByRole('region', { name: 'Santé de l’installation' });
    const panel = await within(section).findByTestId('health-panel');
    expect(panel.textContent).toContain('PostgreSQL');
    expect(panel.textContent).toContain('v22.11.0');
    expect(panel.textContent).toContain('121 min');
    expect(panel.textContent).toContain('twilio');
    // Each probed carrier with its state and, when down, why; the teams' mailboxes by name only.
    expect(within(panel).getByTestId('carrier-messaging').textContent).toBe('Textostwilio' + 'Répond');
    expect(within(panel).getByTestId('carrier-voice').textContent).toContain('Nos identifiants sont refusés');
    expect(within(panel).getByTestId('carrier-email').textContent).toContain('Aucune réponse en 5 secondes');
    expect(within(panel).getByTestId('carrier-emailChannel').textContent).toBe(
      'Boîtes courriel des équipesimap',
    );
    expect(within(panel).getByRole('heading', { name: 'Redis' }).parentElement?.textContent).toContain(
      'Ne répond pas',
    );
    const queues = within(panel).getByRole('table', { name: 'Files de tâches' });
    const failing = within(queues).getByRole('row', { name: /automatic-reply/ });
    expect(
      within(failing)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['automatic-reply', '0', '0', '0', '4']);
    expect(api).toHaveBeenCalledWith('GET', 'devops/health', expect.anything());
  });

  it('runs a synchronization and shows what it checked and fixed', async () => {
    answering({
      'POST conversations/flows/synchronize': {
        kind: 'flows',
        carrier: null,
        checked: 2,
        fixed: 2,
        unresolved: 0,
        items: [
          { id: clinic.id, organizationId: clinic.id, before: 'flow-locked', after: 'released' },
          { id: openCode.id, organizationId: clinic.id, before: 'flow-locked', after: 'released' },
        ],
      },
    });
    const user = userEvent.setup();
    renderPanel('en-CA');
    const section = await screen.findByRole('region', { name: 'Synchronizations' });
    await user.click(within(section).getByRole('button', { name: 'Synchronize flows' }));
    const result = await within(section).findByTestId('synchronization-result');
    expect(result.textContent).toContain('2 expired flows released');
    expect(within(result).getAllByRole('listitem')).toHaveLength(2);
    expect(api).toHaveBeenCalledWith('POST', 'conversations/flows/synchronize', expect.anything());
  });
});
