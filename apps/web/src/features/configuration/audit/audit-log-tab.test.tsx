import type { AuditEvent } from '@accueil/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render-with-providers';
import { fetchAuditPage, fetchAuditVerification } from './api';
import AuditLogTab from './audit-log-tab';

vi.mock('./api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./api')>()),
  fetchAuditPage: vi.fn(),
  fetchAuditVerification: vi.fn(),
}));

const page = vi.mocked(fetchAuditPage);
const verification = vi.mocked(fetchAuditVerification);

const ALICE = '22222222-2222-4222-8222-222222222222';
const event = (seq: number, over: Partial<AuditEvent> = {}): AuditEvent => ({
  id: `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`,
  seq,
  action: 'sign-in.succeeded',
  actor: { id: ALICE, name: 'Alice Admin' },
  target: null,
  details: {},
  ip: '203.0.113.7',
  userAgent: 'Firefox',
  createdAt: '2026-11-23T14:05:00.000Z',
  hash: 'h',
  ...over,
});

beforeEach(() => {
  page.mockReset();
  verification.mockReset();
});

describe('AuditLogTab', () => {
  it('lists the events with who, what and from where, and says the chain is intact', async () => {
    verification.mockResolvedValue({ status: 'intact', checked: 2, verifiedAt: '2026-11-23T15:00:00.000Z' });
    page.mockResolvedValue({
      items: [
        event(2, { action: 'conversation.deleted', target: { type: 'conversation', id: 'abcdef12-0000' } }),
        event(1),
      ],
      nextCursor: null,
    });
    renderWithProviders(<AuditLogTab />);
    expect(await screen.findAllByText('203.0.113.7')).toHaveLength(2);
    const table = within(screen.getByRole('table'));
    expect(table.getByText('Conversation supprimée')).toBeTruthy();
    expect(table.getByText('Connexion')).toBeTruthy();
    expect(await screen.findByText("Journal d'audit intact")).toBeTruthy();
    expect(screen.getByText(/2 événements vérifiés/)).toBeTruthy();
  });

  it('names the first tampered event', async () => {
    verification.mockResolvedValue({
      status: 'tampered',
      checked: 2,
      verifiedAt: '2026-11-23T15:00:00.000Z',
      firstTampered: { seq: 3, id: event(3).id, reason: 'content-changed' },
    });
    page.mockResolvedValue({ items: [], nextCursor: null });
    renderWithProviders(<AuditLogTab />);
    const alert = await screen.findByRole('alert');
    expect(
      within(alert).getByText(/L'événement nº 3 ne correspond pas à la chaîne : son contenu a été modifié/),
    ).toBeTruthy();
  });

  it('filters by the actor chosen in the table, and pages with "Show more"', async () => {
    verification.mockResolvedValue({ status: 'intact', checked: 3, verifiedAt: '2026-11-23T15:00:00.000Z' });
    page.mockImplementation((filters, cursor) =>
      Promise.resolve(
        filters.actor
          ? { items: [event(1)], nextCursor: null }
          : cursor
            ? { items: [event(1)], nextCursor: null }
            : { items: [event(3), event(2, { actor: { id: null, name: null } })], nextCursor: '2' },
      ),
    );
    renderWithProviders(<AuditLogTab />);
    await userEvent.click((await screen.findAllByRole('button', { name: 'Alice Admin' }))[0]!);
    expect(await screen.findByText('Par Alice Admin')).toBeTruthy();
    expect(page).toHaveBeenLastCalledWith(
      expect.objectContaining({ actor: { id: ALICE, name: 'Alice Admin' } }),
      undefined,
      expect.anything(),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Effacer les filtres' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Afficher plus' }));
    expect(page).toHaveBeenLastCalledWith(expect.objectContaining({ actor: null }), '2', expect.anything());
    expect(screen.getByText('Inconnu')).toBeTruthy();
  });
});
