import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest } from '../../lib/api';
import { renderWithProviders } from '../../test/render-with-providers';
import { ContactDetailsForm } from './contact-details-form';
import { LinkedContacts } from './linked-contacts';

vi.mock('../../lib/api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/api')>()),
  apiRequest: vi.fn(),
}));
vi.mock('../../lib/notify', () => ({ notifyError: vi.fn(), notifySuccess: vi.fn(), notifyInfo: vi.fn() }));

// Each test types and clicks through whole dialogs: more than the 5 s default on a loaded machine.
vi.setConfig({ testTimeout: 20_000 });

const api = vi.mocked(apiRequest);
const mainId = '7d0c9b1e-4f7a-4c38-9a7e-1b2c3d4e5f60';
const saved = { id: '7d0c9b1e-4f7a-4c38-9a7e-1b2c3d4e5f64', fullname: 'Léa Bouchard' };

beforeEach(() => {
  api.mockReset();
  api.mockResolvedValue(saved);
});

describe('ContactDetailsForm', () => {
  it('refuses blank names and an invalid e-mail under their fields, in French, and sends nothing', async () => {
    renderWithProviders(<ContactDetailsForm contact={null} country="CA" onClose={() => {}} />);
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Courriel' }), 'lea@');
    await user.click(screen.getByRole('button', { name: 'Créer le contact' }));
    expect(await screen.findByText('Courriel invalide.')).toBeTruthy();
    expect(screen.getAllByText('Ce champ est requis.')).toHaveLength(2);
    expect(api).not.toHaveBeenCalled();
  });

  it("creates the contact with the phone given, and shows the server's refusal of a taken phone under the phone", async () => {
    const onSaved = vi.fn();
    renderWithProviders(
      <ContactDetailsForm
        contact={null}
        phone="514-555-0177"
        country="CA"
        onClose={() => {}}
        onSaved={onSaved}
      />,
    );
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: /Prénom/ }), 'Léa');
    await user.type(screen.getByRole('textbox', { name: /^Nom/ }), 'Bouchard');
    await user.click(screen.getByRole('button', { name: 'Créer le contact' }));
    await vi.waitFor(() => expect(onSaved).toHaveBeenCalledWith(saved));
    expect(api.mock.calls[0]![2]).toMatchObject({
      body: { firstName: 'Léa', lastName: 'Bouchard', phone: '514-555-0177', gender: 'male' },
    });

    api.mockRejectedValue(new ApiError(409, 'contact-phone-exists'));
    await user.click(screen.getByRole('button', { name: 'Créer le contact' }));
    expect(await screen.findByText('Un contact avec ce numéro de téléphone existe déjà.')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Téléphone' }).getAttribute('aria-invalid')).toBe('true');
  });
});

describe('LinkedContacts', () => {
  const contact = {
    id: mainId,
    linkedToId: null,
    relation: null,
    linkedContacts: [{ id: saved.id, fullname: 'Noah Bouchard', relation: 'son' }],
  } as never;

  it('lists the linked contacts and links a new one to the main contact, refusing blank names first', async () => {
    renderWithProviders(<LinkedContacts contact={contact} />);
    expect(screen.getByRole('listitem').textContent).toContain('Noah Bouchard');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Lier' }));
    expect(await screen.findAllByText('Ce champ est requis.')).toHaveLength(2);
    expect(api).not.toHaveBeenCalled();

    const [first, last] = screen.getAllByRole('textbox');
    await user.type(first!, 'Emma');
    await user.type(last!, 'Bouchard');
    await user.click(screen.getByRole('button', { name: 'Lier' }));
    await vi.waitFor(() =>
      expect(api.mock.calls[0]![2]).toMatchObject({
        body: { firstName: 'Emma', lastName: 'Bouchard', relation: 'none', linkedToId: mainId },
      }),
    );
    await vi.waitFor(() => expect((first as HTMLInputElement).value).toBe(''));
    expect(within(screen.getByRole('list')).getAllByRole('listitem')).toHaveLength(1);
  });
});
