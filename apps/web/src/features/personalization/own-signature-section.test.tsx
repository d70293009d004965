import type { OwnSignature } from '@accueil/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { apiRequest } from '../../lib/api';
import { renderWithProviders } from '../../test/render-with-providers';
import { OwnSignatureSection, signatureShown } from './own-signature-section';

vi.mock('../../lib/api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/api')>()),
  apiRequest: vi.fn(),
}));
vi.mock('../../lib/notify', () => ({ notifyError: vi.fn(), notifySuccess: vi.fn(), notifyInfo: vi.fn() }));

const texts = { clinic: 'Clinique du Parc\n514 555-0100', user: 'Marie Curie\nHygiéniste\nClinique du Parc' };
const saved: OwnSignature = { mode: 'user', content: '', texts };

describe('signatureShown', () => {
  it('is the server’s text for the clinic and user modes, the trimmed text for a personalised one, none for no-signature', () => {
    expect(signatureShown({ mode: 'clinic', content: 'x' }, texts)).toBe(texts.clinic);
    expect(signatureShown({ mode: 'user', content: 'x' }, texts)).toBe(texts.user);
    expect(signatureShown({ mode: 'personalized-signature', content: '  Dre Curie \n' }, texts)).toBe(
      'Dre Curie',
    );
    expect(signatureShown({ mode: 'no-signature', content: 'x' }, texts)).toBe('');
  });
});

describe('OwnSignatureSection', () => {
  it('shows the saved signature as replies carry it; a personalised text from the user template is saved', async () => {
    const api = vi.mocked(apiRequest);
    api.mockReset();
    api.mockImplementation((method: string, _path: string, options?: { body?: unknown }) =>
      Promise.resolve(method === 'PUT' ? { ...(options!.body as object), texts } : saved),
    );
    renderWithProviders(<OwnSignatureSection />);
    const preview = await screen.findByTestId('own-signature-preview');
    expect(preview.textContent).toContain('Marie Curie');
    // Nothing changed yet: nothing to save.
    expect(screen.getByRole('button', { name: 'Enregistrer la signature' }).hasAttribute('disabled')).toBe(
      true,
    );

    await userEvent.click(screen.getByLabelText('Personnalisée'));
    await userEvent.click(
      (await screen.findAllByLabelText("Partir d'un modèle")).find((e) => e.tagName === 'INPUT')!,
    );
    await userEvent.click(await screen.findByRole('option', { name: 'Utilisateur', hidden: true }));
    const text = screen.getByLabelText<HTMLTextAreaElement>('Signature');
    expect(text.value).toBe(texts.user);
    await userEvent.type(text, '\nPoste 12');
    expect(screen.getByTestId('own-signature-preview').textContent).toContain('Poste 12');

    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer la signature' }));
    await waitFor(() => expect(api.mock.calls.some(([m]) => m === 'PUT')).toBe(true));
    const put = api.mock.calls.find(([m]) => m === 'PUT')!;
    expect(put[1]).toBe('users/me/signature');
    expect(put[2]).toMatchObject({
      body: { mode: 'personalized-signature', content: `${texts.user}\nPoste 12` },
    });
  });

  it('refuses to save a text past 5,000 characters, saying so beside it', async () => {
    const api = vi.mocked(apiRequest);
    api.mockReset();
    api.mockResolvedValue({ ...saved, mode: 'personalized-signature', content: 'x'.repeat(4999) });
    renderWithProviders(<OwnSignatureSection />);
    const text = await screen.findByLabelText<HTMLTextAreaElement>('Signature');
    fireEvent.change(text, { target: { value: 'x'.repeat(5001) } });
    expect(await screen.findByText('5 000 caractères au plus.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Enregistrer la signature' }).hasAttribute('disabled')).toBe(
      true,
    );
  });
});
