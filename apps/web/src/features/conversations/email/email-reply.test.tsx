import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest } from '../../../lib/api';
import { notifyError } from '../../../lib/notify';
import { renderWithProviders } from '../../../test/render-with-providers';
import { EmailReply } from './email-reply';

vi.mock('../../../lib/api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../lib/api')>()),
  apiRequest: vi.fn(),
}));
vi.mock('../../../lib/notify', () => ({ notifyError: vi.fn(), notifySuccess: vi.fn(), notifyInfo: vi.fn() }));

const mailbox = { provider: 'imap' as const, address: 'accueil@clinique.test' };
/** The multipart form of the n-th POST (0-based). */
const sentForm = (n: number) =>
  (vi.mocked(apiRequest).mock.calls[n]?.[2] as { body: FormData } | undefined)?.body;

describe('EmailReply and the replied-meanwhile check', () => {
  it('sends the seq seen when the draft began; a 409 opens the warning, Send anyway sends it again without the check', async () => {
    const api = vi.mocked(apiRequest);
    api.mockReset();
    vi.mocked(notifyError).mockClear();
    api.mockRejectedValueOnce(
      new ApiError(409, 'replied-meanwhile', undefined, {
        by: { id: '7d1b7c1e-4c55-4e36-9d4e-2c2b5f1d6a10', name: 'Marie Tremblay' },
        at: new Date(Date.now() - 30_000).toISOString(),
        seq: 9,
      }),
    );
    api.mockResolvedValueOnce({ id: 'm2' });
    const typed = vi.fn();
    renderWithProviders(
      <EmailReply
        conversationId="c1"
        mailbox={mailbox}
        threadSubject="Rendez-vous"
        signature=""
        onTyping={typed}
        takeSeenSeq={() => 8}
      />,
    );
    const body = screen.getByLabelText<HTMLTextAreaElement>('Message');
    await userEvent.type(body, 'Bonjour');
    expect(typed).toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer' }));

    expect((await screen.findByTestId('replied-meanwhile')).textContent).toMatch(/^Marie Tremblay a répondu/);
    expect(sentForm(0)?.get('seenSeq')).toBe('8');
    expect(sentForm(0)?.get('sendAnyway')).toBeNull();
    // The refusal is the warning, not an error toast; the draft stays.
    expect(notifyError).not.toHaveBeenCalled();
    expect(body.value).toBe('Bonjour');

    fireEvent.click(screen.getByRole('button', { name: 'Envoyer quand même' }));
    await waitFor(() => expect(api).toHaveBeenCalledTimes(2));
    expect(sentForm(1)?.get('sendAnyway')).toBe('true');
    expect(sentForm(1)?.get('body')).toBe('Bonjour');
    await waitFor(() => expect(body.value).toBe(''));
  });

  it('Cancel closes the warning and keeps the draft, unsent', async () => {
    const api = vi.mocked(apiRequest);
    api.mockReset();
    api.mockRejectedValueOnce(
      new ApiError(409, 'replied-meanwhile', undefined, {
        by: { id: '7d1b7c1e-4c55-4e36-9d4e-2c2b5f1d6a10', name: 'Marie Tremblay' },
        at: new Date().toISOString(),
        seq: 3,
      }),
    );
    renderWithProviders(
      <EmailReply
        conversationId="c1"
        mailbox={mailbox}
        threadSubject=""
        signature=""
        takeSeenSeq={() => 2}
      />,
    );
    await userEvent.type(screen.getByLabelText('Message'), 'Un mot');
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer' }));
    await screen.findByTestId('replied-meanwhile');
    fireEvent.click(screen.getByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(screen.queryByTestId('replied-meanwhile')).toBeNull());
    expect(api).toHaveBeenCalledTimes(1);
    expect(screen.getByLabelText<HTMLTextAreaElement>('Message').value).toBe('Un mot');
  });

  it('keeps what the user wrote while the reply was on its way, and empties once a sent draft is untouched', async () => {
    const api = vi.mocked(apiRequest);
    api.mockReset();
    let answer: (value: unknown) => void = () => undefined;
    api.mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)));
    api.mockResolvedValueOnce({ id: 'm2' });
    renderWithProviders(
      <EmailReply conversationId="c1" mailbox={mailbox} threadSubject="Rendez-vous" signature="" />,
    );
    const body = screen.getByLabelText<HTMLTextAreaElement>('Message');
    await userEvent.type(body, 'Oui, jeudi');
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer' }));
    await waitFor(() => expect(api).toHaveBeenCalledTimes(1));
    // The next reply, begun before the first one's answer.
    await userEvent.clear(body);
    await userEvent.type(body, 'Apportez votre carte');
    answer({ id: 'm1' });
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Envoyer' }).getAttribute('data-loading')).toBeNull(),
    );
    expect(body.value).toBe('Apportez votre carte');

    fireEvent.click(screen.getByRole('button', { name: 'Envoyer' }));
    await waitFor(() => expect(api).toHaveBeenCalledTimes(2));
    expect(sentForm(1)?.get('body')).toBe('Apportez votre carte');
    await waitFor(() => expect(body.value).toBe(''));
  });
});
