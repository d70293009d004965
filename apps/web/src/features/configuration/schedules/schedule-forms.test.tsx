import { defaultSchedule, type Schedule, type TeamSchedule } from '@accueil/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api';
import { renderWithProviders } from '../../../test/render-with-providers';
import { OrganizationScheduleForm, TeamScheduleForm } from './schedule-forms';

const api = vi.hoisted(() => ({
  fetchOrganizationSchedule: vi.fn(),
  saveOrganizationSchedule: vi.fn(),
  fetchTeamSchedule: vi.fn(),
  saveTeamSchedule: vi.fn(),
}));
vi.mock('./api', async (original) => ({ ...(await original<typeof import('./api')>()), ...api }));

const ORG = '11111111-1111-4111-8111-111111111111';
const TEAM = '22222222-2222-4222-8222-222222222222';

beforeEach(() => {
  Object.values(api).forEach((fn) => fn.mockReset());
  api.fetchOrganizationSchedule.mockResolvedValue(defaultSchedule());
});

function renderOrganization() {
  renderWithProviders(<OrganizationScheduleForm organizationId={ORG} timeZone="America/Toronto" canEdit />);
  return screen.findByLabelText('lundi : fermeture');
}

/** The error text a field's `aria-describedby` points to. */
function describedError(field: HTMLElement): string | null | undefined {
  const ids = field.getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.map((id) => document.getElementById(id)?.textContent).find((t) => t);
}

describe('The organisation’s schedule form', () => {
  it('refuses a day closing before it opens on the field, and sends nothing', async () => {
    const closes = await renderOrganization();
    fireEvent.change(closes, { target: { value: '08:00' } });
    await waitFor(() => expect(closes.getAttribute('aria-invalid')).toBe('true'));
    expect(describedError(closes)).toBe('L’heure d’ouverture doit précéder l’heure de fermeture.');
    expect(screen.getByRole('alert').textContent).toBe('Corrigez les erreurs indiquées avant d’enregistrer.');
    const save = screen.getByRole<HTMLButtonElement>('button', { name: 'Enregistrer' });
    expect(save.disabled).toBe(true);
    fireEvent.submit(save.closest('form')!);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.saveOrganizationSchedule).not.toHaveBeenCalled();
  });

  it('sends the week as edited', async () => {
    const saved = defaultSchedule();
    saved.week[1]!.end = '16:00';
    api.saveOrganizationSchedule.mockResolvedValue(saved);
    const closes = await renderOrganization();
    fireEvent.change(closes, { target: { value: '16:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(api.saveOrganizationSchedule).toHaveBeenCalledWith(ORG, saved));
  });

  it('puts the server’s refusal on the field its path names, focused', async () => {
    api.saveOrganizationSchedule.mockRejectedValue(
      new ApiError(400, 'validation-failed', 'Invalid', [
        { location: 'body', path: 'body.week.2.end', message: 'schedule-start-after-end' },
      ]),
    );
    await renderOrganization();
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    const tuesday = screen.getByLabelText('mardi : fermeture');
    await waitFor(() => expect(tuesday.getAttribute('aria-invalid')).toBe('true'));
    expect(describedError(tuesday)).toBe('L’heure d’ouverture doit précéder l’heure de fermeture.');
    await waitFor(() => expect(document.activeElement).toBe(tuesday));
  });
});

describe('A team’s schedule form', () => {
  const team = (schedule: Schedule | null): TeamSchedule => ({
    teamId: TEAM,
    schedule,
    effective: defaultSchedule(),
    timeZone: 'America/Toronto',
  });

  it('saves null when the team follows the organisation, even past a problem of its own week', async () => {
    api.fetchTeamSchedule.mockResolvedValue(team(defaultSchedule()));
    api.saveTeamSchedule.mockResolvedValue(team(null));
    renderWithProviders(<TeamScheduleForm organizationId={ORG} teamId={TEAM} canEdit />);
    const closes = await screen.findByLabelText('lundi : fermeture');
    fireEvent.change(closes, { target: { value: '08:00' } });
    const save = screen.getByRole<HTMLButtonElement>('button', { name: 'Enregistrer' });
    await waitFor(() => expect(save.disabled).toBe(true));
    fireEvent.click(screen.getByRole('switch', { name: /^Suivre l’horaire de l’organisation/ }));
    await waitFor(() => expect(save.disabled).toBe(false));
    fireEvent.click(save);
    await waitFor(() => expect(api.saveTeamSchedule).toHaveBeenCalledWith(TEAM, null));
  });

  it('puts the server’s refusal of its own week on the field', async () => {
    api.fetchTeamSchedule.mockResolvedValue(team(defaultSchedule()));
    api.saveTeamSchedule.mockRejectedValue(
      new ApiError(400, 'validation-failed', 'Invalid', [
        { location: 'body', path: 'body.schedule.week.1.end', message: 'schedule-start-after-end' },
      ]),
    );
    renderWithProviders(<TeamScheduleForm organizationId={ORG} teamId={TEAM} canEdit />);
    const closes = await screen.findByLabelText('lundi : fermeture');
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(closes.getAttribute('aria-invalid')).toBe('true'));
    expect(api.saveTeamSchedule).toHaveBeenCalledWith(TEAM, defaultSchedule());
  });
});
