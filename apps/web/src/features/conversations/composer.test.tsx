import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Composer } from './composer';
import { renderWithProviders } from '../../test/render-with-providers';

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
});
