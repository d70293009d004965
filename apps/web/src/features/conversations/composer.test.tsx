import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Composer, composeNote } from './composer';
import { renderWithProviders } from '../../test/render-with-providers';

vi.mock('./notes/notes-api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./notes/notes-api')>()),
  fetchMentionable: vi.fn().mockResolvedValue([]),
  createNote: vi.fn(),
}));

function setup() {
  const onSend = vi.fn();
  renderWithProviders(<Composer onSend={onSend} />);
  const textarea = screen.getByRole('textbox', { name: 'Message' });
  const button = screen.getByRole('button', { name: 'Envoyer' });
  return { onSend, textarea, button, user: userEvent.setup() };
}

describe('Composer', () => {
  it('is disabled while the text is empty or blank', async () => {
    const { textarea, button, user, onSend } = setup();
    expect((button as HTMLButtonElement).disabled).toBe(true);
    await user.type(textarea, '   ');
    expect((button as HTMLButtonElement).disabled).toBe(true);
    await user.type(textarea, '{Enter}');
    expect(onSend).not.toHaveBeenCalled();
  });

  it('sends with Enter and clears the text', async () => {
    const { textarea, button, user, onSend } = setup();
    await user.type(textarea, 'Bonjour Marie');
    expect((button as HTMLButtonElement).disabled).toBe(false);
    await user.type(textarea, '{Enter}');
    expect(onSend).toHaveBeenCalledWith('Bonjour Marie');
    expect((textarea as HTMLTextAreaElement).value).toBe('');
  });

  it('starts a new line with Shift+Enter without sending', async () => {
    const { textarea, user, onSend } = setup();
    await user.type(textarea, 'Ligne 1{Shift>}{Enter}{/Shift}Ligne 2');
    expect(onSend).not.toHaveBeenCalled();
    expect((textarea as HTMLTextAreaElement).value).toBe('Ligne 1\nLigne 2');
    await user.click(screen.getByRole('button', { name: 'Envoyer' }));
    expect(onSend).toHaveBeenCalledWith('Ligne 1\nLigne 2');
  });

  it('switches Reply | Note; the note field replaces the reply, and composeNote() focuses it', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Composer onSend={vi.fn()} notesFor="c1" />);
    await user.click(screen.getByRole('radio', { name: 'Note' }));
    const note = await screen.findByRole('textbox', { name: 'Note interne' });
    expect(screen.queryByRole('textbox', { name: 'Message' })).toBeNull();
    await user.click(screen.getByRole('radio', { name: 'Répondre' }));
    expect(await screen.findByRole('textbox', { name: 'Message' })).toBeTruthy();
    expect(note.isConnected).toBe(false);
    act(() => composeNote());
    const focused = await screen.findByRole('textbox', { name: 'Note interne' });
    await waitFor(() => expect(document.activeElement).toBe(focused));
  });

  it('offers no Note without a conversation to write it in', () => {
    setup();
    expect(screen.queryByRole('radio', { name: 'Note' })).toBeNull();
  });
});
