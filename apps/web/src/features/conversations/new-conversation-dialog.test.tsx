import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest } from '../../lib/api';
import { NewConversationDialog } from './new-conversation-dialog';
import { buildConversation } from './test-fixtures';
import { renderWithProviders } from '../../test/render-with-providers';

vi.mock('../../lib/api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/api')>()),
  apiRequest: vi.fn(),
}));
vi.mock('../../lib/notify', () => ({ notifyError: vi.fn(), notifySuccess: vi.fn(), notifyInfo: vi.fn() }));

const api = vi.mocked(apiRequest);

function setup() {
  const onOpen = vi.fn();
  const onClose = vi.fn();
  renderWithProviders(<NewConversationDialog opened onClose={onClose} onOpen={onOpen} />);
  const phone = screen.getByRole<HTMLInputElement>('textbox', { name: /Numéro de téléphone/ });
  return { onOpen, onClose, phone, user: userEvent.setup() };
}

describe('NewConversationDialog', () => {
  beforeEach(() => {
    api.mockReset();
    api.mockResolvedValue({ phone: null, conversation: null, contact: null });
  });

  it('shows phone-invalid inline for an invalid number and sends nothing', async () => {
    const { phone, user } = setup();
    await user.type(phone, '12345');
    await user.click(screen.getByRole('button', { name: 'Commencer la conversation' }));
    expect(await screen.findByText('Numéro de téléphone invalide.')).toBeTruthy();
    expect(api.mock.calls.some(([method]) => method === 'POST')).toBe(false);
  });

  it('strips whitespace from the number as it is typed or pasted', async () => {
    const { phone, user } = setup();
    await user.type(phone, '514 555 0101');
    expect(phone.value).toBe('5145550101');
    fireEvent.change(phone, { target: { value: ' +1 514 555 0102 ' } });
    expect(phone.value).toBe('+15145550102');
  });

  it('looks the number up once valid and offers to open an existing conversation', async () => {
    const existing = buildConversation({ friendlyName: '+15145550101' });
    api.mockResolvedValue({ phone: '+15145550101', conversation: existing, contact: null });
    const { phone, user, onOpen } = setup();
    await user.type(phone, '5145550101');
    expect(await screen.findByText('Une conversation existe déjà avec ce numéro.')).toBeTruthy();
    expect(api).toHaveBeenCalledWith(
      'GET',
      'conversations/lookup',
      expect.objectContaining({ query: { phone: '+15145550101' } }),
    );
    await user.click(screen.getByRole('button', { name: 'L’ouvrir' }));
    expect(onOpen).toHaveBeenCalledWith(existing.id);
  });

  it('creates the conversation with the normalised number and opens it', async () => {
    const created = buildConversation({ friendlyName: '+15145550103' });
    api.mockImplementation((method) => {
      if (method === 'POST') return Promise.resolve(created);
      return Promise.resolve({ phone: '+15145550103', conversation: null, contact: null });
    });
    const { phone, user, onOpen } = setup();
    await user.type(phone, '514 555 0103');
    await user.type(screen.getByRole('textbox', { name: /Premier message/ }), 'Bonjour');
    await user.click(screen.getByRole('button', { name: 'Commencer la conversation' }));
    await waitFor(() => expect(onOpen).toHaveBeenCalledWith(created.id));
    expect(api).toHaveBeenCalledWith('POST', 'conversations', {
      body: { to: '+15145550103', body: 'Bonjour' },
    });
  });

  it('shows the archived notice when the creation answers 409 conversation-archived', async () => {
    const created = buildConversation();
    api.mockImplementation((method) => {
      if (method === 'POST')
        return Promise.reject(
          new ApiError(409, 'conversation-archived', 'exists', { conversationId: created.id }),
        );
      return Promise.resolve({ phone: null, conversation: null, contact: null });
    });
    const { phone, user } = setup();
    await user.type(phone, '5145550104');
    await user.click(screen.getByRole('button', { name: 'Commencer la conversation' }));
    expect(await screen.findByText('Une conversation archivée existe avec ce numéro.')).toBeTruthy();
  });

  it('finds a contact by name in the same field and puts its number there', async () => {
    const marie = {
      id: '0b6a3a4e-6c1c-4d4e-9a55-2f1f3c0c0a01',
      fullname: 'Marie Tremblay',
      phone: '+15145550101',
    };
    const paul = { id: '0b6a3a4e-6c1c-4d4e-9a55-2f1f3c0c0a02', fullname: 'Paul Tremblay', phone: null };
    api.mockImplementation((method, path) => {
      if (path === 'contacts') return Promise.resolve({ items: [marie, paul], nextCursor: null, total: 2 });
      return Promise.resolve({
        phone: '+15145550101',
        conversation: null,
        contact: { id: marie.id, fullname: 'Marie Tremblay' },
      });
    });
    const { phone, user } = setup();
    await user.type(phone, 'Marie Trem');
    expect(phone.value).toBe('Marie Trem');
    const found = await screen.findByRole('list', { name: 'Contacts trouvés' });
    expect(api).toHaveBeenCalledWith(
      'GET',
      'contacts',
      expect.objectContaining({ query: expect.objectContaining({ search: 'Marie Trem' }) }),
    );
    expect(found.textContent).toContain('Paul Tremblay · sans numéro');
    await user.click(screen.getByRole('button', { name: /Marie Tremblay/ }));
    expect(phone.value).toBe('+15145550101');
    expect(await screen.findByText('Ce numéro appartient à Marie Tremblay.')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Contacts trouvés' })).toBeNull();
  });

  it('says when no contact has the name, and never searches with fewer than 3 characters', async () => {
    api.mockImplementation((method, path) =>
      Promise.resolve(
        path === 'contacts'
          ? { items: [], nextCursor: null, total: 0 }
          : { phone: null, conversation: null, contact: null },
      ),
    );
    const { phone, user } = setup();
    await user.type(phone, 'Zo');
    await new Promise((r) => setTimeout(r, 400));
    expect(api.mock.calls.some(([, path]) => path === 'contacts')).toBe(false);
    await user.type(phone, 'é');
    expect(await screen.findByText('Aucun contact ne correspond à ce nom.')).toBeTruthy();
  });
});
