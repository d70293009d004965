import type { Message } from '@accueil/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render-with-providers';
import { NoteCard } from './note-card';
import { NoteComposer } from './note-composer';
import { createNote, fetchMentionable } from './notes-api';

vi.mock('./notes-api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./notes-api')>()),
  createNote: vi.fn(),
  fetchMentionable: vi.fn(),
}));
vi.mock('../../../lib/notify', () => ({ notifyError: vi.fn(), notifySuccess: vi.fn(), notifyInfo: vi.fn() }));

const LUC = '11111111-1111-4111-8111-111111111111';
const MARIE = '22222222-2222-4222-8222-222222222222';

function note(over: Partial<Message> = {}): Message {
  return {
    id: '33333333-3333-4333-8333-333333333333',
    conversationId: 'c1',
    seq: 3,
    version: 1,
    author: 'marie',
    authorName: 'Marie Tremblay',
    from: '',
    to: '',
    body: '@Luc Gagnon peux-tu rappeler ?',
    messageSid: null,
    status: 'delivered',
    errorCode: null,
    direction: 'note',
    type: 'text',
    media: [],
    mentions: [{ id: LUC, name: 'Luc Gagnon' }],
    createdAt: '2026-11-29T14:05:00.000Z',
    updatedAt: '2026-11-29T14:05:00.000Z',
    ...over,
  };
}

beforeEach(() => {
  vi.mocked(fetchMentionable).mockResolvedValue([
    { id: LUC, name: 'Luc Gagnon' },
    { id: MARIE, name: 'Marie Tremblay' },
  ]);
  vi.mocked(createNote).mockResolvedValue(note());
});

describe('NoteComposer', () => {
  it('suggests the team on @, chooses from the keyboard, and sends the mention by id', async () => {
    const user = userEvent.setup();
    renderWithProviders(<NoteComposer conversationId="c1" />);
    const field = screen.getByRole('textbox', { name: 'Note interne' });
    await user.type(field, '@ga');
    const option = await screen.findByRole('option', { name: 'Luc Gagnon', hidden: true });
    expect(screen.queryByRole('option', { name: 'Marie Tremblay', hidden: true })).toBeNull();
    expect(option).toBeTruthy();
    await user.keyboard('{Enter}');
    expect((field as HTMLTextAreaElement).value).toBe('@Luc Gagnon ');
    expect(createNote).not.toHaveBeenCalled();
    await user.type(field, 'peux-tu rappeler ?{Enter}');
    await waitFor(() =>
      expect(createNote).toHaveBeenCalledWith('c1', '@Luc Gagnon peux-tu rappeler ?', [LUC]),
    );
    await waitFor(() => expect((field as HTMLTextAreaElement).value).toBe(''));
  });

  it('puts the caret right after a mention chosen before other text, at once', async () => {
    const user = userEvent.setup();
    renderWithProviders(<NoteComposer conversationId="c1" />);
    const field = screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Note interne' });
    await user.type(field, ' merci{Home}@ga');
    await screen.findByRole('option', { name: 'Luc Gagnon', hidden: true });
    // No frame drawn before the next keystroke (a fast typist): the caret must not wait for one.
    const frame = vi.spyOn(window, 'requestAnimationFrame').mockImplementation(() => 0);
    await user.keyboard('{Enter}');
    frame.mockRestore();
    expect(field.value).toBe('@Luc Gagnon  merci');
    expect(field.selectionStart).toBe('@Luc Gagnon '.length);
  });

  it('drops a mention whose name was deleted, and Escape closes the suggestions first', async () => {
    const user = userEvent.setup();
    renderWithProviders(<NoteComposer conversationId="c1" />);
    const field = screen.getByRole('textbox', { name: 'Note interne' });
    await user.type(field, '@mar');
    await screen.findByRole('option', { name: 'Marie Tremblay', hidden: true });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('option', { hidden: true })).toBeNull());
    await user.clear(field);
    await user.type(field, 'Rien à signaler{Enter}');
    await waitFor(() => expect(createNote).toHaveBeenCalledWith('c1', 'Rien à signaler', []));
  });
});

describe('NoteCard', () => {
  it('says it is an internal note, by whom, and sets the mentioned names apart (en-CA)', () => {
    renderWithProviders(<NoteCard message={note()} />, { locale: 'en-CA' });
    const card = screen.getByRole('article', { name: "The team's internal note" });
    expect(card.textContent).toContain('Internal note');
    expect(card.textContent).toContain('Marie Tremblay');
    expect(screen.getByText('@Luc Gagnon').tagName).toBe('SPAN');
  });
});
