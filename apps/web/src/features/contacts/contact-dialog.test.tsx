import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiRequest } from '../../lib/api';
import { renderWithProviders } from '../../test/render-with-providers';
import { ContactDialog } from './contact-dialog';

vi.mock('../../lib/api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/api')>()),
  apiRequest: vi.fn(),
}));
vi.mock('../../lib/notify', () => ({ notifyError: vi.fn(), notifySuccess: vi.fn(), notifyInfo: vi.fn() }));

const api = vi.mocked(apiRequest);
const contactId = '7d0c9b1e-4f7a-4c38-9a7e-1b2c3d4e5f60';
const professionalId = '7d0c9b1e-4f7a-4c38-9a7e-1b2c3d4e5f61';
const contact = {
  id: contactId,
  firstName: 'Léa',
  lastName: 'Bouchard',
  fullname: 'Léa Bouchard',
  phone: '+15145550177',
  email: null,
  birthday: null,
  address: null,
  city: null,
  postalCode: null,
  language: null,
  gender: 'female',
  note: null,
  contactSince: '2024-01-02',
  phoneLineType: 'mobile',
  linkedToId: null,
  relation: null,
  linkedContacts: [],
};
function appointment(id: string, startsAt: string, status: string, service: string) {
  return {
    id,
    professionalId,
    categoryId: null,
    service,
    startsAt,
    endsAt: startsAt,
    durationMinutes: 30,
    status,
    contactId,
    firstName: 'Léa',
    lastName: 'Bouchard',
    birthday: null,
    phone: '+15145550177',
    email: null,
    gender: 'female',
    kit: false,
    extraDocument: false,
    requests: '',
    notes: '',
  };
}

describe('ContactDialog', () => {
  beforeEach(() => {
    api.mockReset();
    api.mockImplementation((_method, path) => {
      const answers: Record<string, unknown> = {
        [`contacts/${contactId}`]: contact,
        [`patients/${contactId}/appointments`]: {
          items: [
            appointment(
              '7d0c9b1e-4f7a-4c38-9a7e-1b2c3d4e5f70',
              '2026-12-01T15:00:00.000Z',
              'created',
              'Examen',
            ),
            appointment('7d0c9b1e-4f7a-4c38-9a7e-1b2c3d4e5f71', '2026-10-05T13:30:00.000Z', 'cancelled', ''),
          ],
        },
        [`patients/${contactId}/surveys`]: { items: [] },
        'agenda/settings': { timeZone: 'America/Toronto', openingHours: [] },
        professionals: { items: [{ id: professionalId, fullname: 'Julie Gagnon' }] },
      };
      return Promise.resolve(answers[path] ?? {});
    });
  });

  it("lists the contact's appointments at the organisation's wall clock, with their professional and status", async () => {
    renderWithProviders(<ContactDialog target={{ mode: 'edit', id: contactId }} onClose={() => {}} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'Rendez-vous' }));
    const list = await screen.findByRole('list', { name: 'Rendez-vous du contact' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual([
      '01 / 12 / 2026 10:00, 30 minJulie Gagnon · ExamenPrévu',
      '05 / 10 / 2026 09:30, 30 minJulie GagnonAnnulé',
    ]);
  });

  it('says a contact has no survey yet', async () => {
    renderWithProviders(<ContactDialog target={{ mode: 'edit', id: contactId }} onClose={() => {}} />);
    await userEvent.setup().click(await screen.findByRole('tab', { name: 'Sondages' }));
    expect(await screen.findByText('Aucun sondage pour ce contact.')).toBeTruthy();
  });
});
