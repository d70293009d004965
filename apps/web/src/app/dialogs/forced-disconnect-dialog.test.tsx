import { ModalsProvider } from '@mantine/modals';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render-with-providers';
import { openForcedDisconnectDialog } from './forced-disconnect-dialog';

/** The forced-disconnect dialog (spec §2; docs/behaviour/sessions.md): why the session ended, and the one way on. */
afterEach(() => vi.restoreAllMocks());

function open(reason?: Parameters<typeof openForcedDisconnectDialog>[1]) {
  renderWithProviders(<ModalsProvider />);
  act(() => openForcedDisconnectDialog(1_764_400_000_000, reason));
  return screen.findByRole('dialog', { name: 'Session fermée' });
}

describe('the forced-disconnect dialog', () => {
  it('says the session was closed, by default because of another sign-in or a revocation', async () => {
    const dialog = await open();
    expect(dialog.textContent).toContain(
      'Votre session a été fermée, car une autre connexion a été ouverte ou la session a été révoquée.',
    );
  });

  it('names why when an administrator ended it, or a sign-in on another device', async () => {
    expect((await open('forced-disconnect')).textContent).toContain(
      'Un administrateur a fermé votre session.',
    );
    act(() => openForcedDisconnectDialog(1_764_400_000_000, 'signed-in-elsewhere'));
    // One dialog at a time: a second revocation replaces the first.
    await screen.findByText(/vous vous êtes connecté sur un autre appareil/);
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
  });

  it('cannot be closed: no close button, Escape leaves it; its one button goes to the sign-in page', async () => {
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign });
    const user = userEvent.setup();
    const dialog = await open();
    expect(
      within(dialog)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Recharger la page']);
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Session fermée' })).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Recharger la page' }));
    expect(assign).toHaveBeenCalledWith('/login?expired=1764400000000');
  });
});
