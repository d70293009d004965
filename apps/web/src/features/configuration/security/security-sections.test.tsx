import type { MachineList, Passkey } from '@accueil/domain';
import { ModalsProvider } from '@mantine/modals';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render-with-providers';
import { ApiError } from '../../../lib/api';
import { deletePasskey, fetchMachines, fetchPasskeys, renameMachine, revokeMachine } from './api';
import { MachinesSection } from './machines-section';
import { PasskeysSection } from './passkeys-section';

vi.mock('./api', () => ({
  fetchPasskeys: vi.fn(),
  deletePasskey: vi.fn(() => Promise.resolve()),
  createPasskey: vi.fn(),
  fetchMachines: vi.fn(),
  revokeMachine: vi.fn(() => Promise.resolve()),
  renameMachine: vi.fn(),
  saveMachineMode: vi.fn(),
}));

const passkey: Passkey = {
  id: '11111111-1111-4111-8111-111111111111',
  provider: 'iCloud',
  createdAt: '2026-11-01T14:00:00.000Z',
  lastUsedAt: null,
};

const machines: MachineList = {
  mode: 'setup',
  machines: [
    {
      id: '22222222-2222-4222-8222-222222222222',
      name: 'Réception',
      current: true,
      lastSeenAt: '2026-11-02T14:00:00.000Z',
      lastUserName: 'Sophie Gagnon',
      createdAt: '2026-11-01T14:00:00.000Z',
    },
  ],
} as MachineList;

describe('Security sections', () => {
  beforeEach(() => vi.clearAllMocks());

  it('lists the passkeys and deletes one after its confirmation, then refetches', async () => {
    vi.mocked(fetchPasskeys).mockResolvedValueOnce([passkey]).mockResolvedValue([]);
    renderWithProviders(
      <>
        <ModalsProvider />
        <PasskeysSection />
      </>,
    );
    const row = await screen.findByTestId('passkey-row');
    expect(row.textContent).toContain('iCloud');
    expect(row.textContent).toContain('Jamais utilisée');
    await userEvent.click(within(row).getByRole('button', { name: "Supprimer la clé d'accès iCloud" }));
    await userEvent.click(await screen.findByRole('button', { name: 'Supprimer' }));
    await waitFor(() => expect(deletePasskey).toHaveBeenCalledWith(passkey.id, expect.anything()));
    expect(await screen.findByTestId('passkeys-empty')).toBeTruthy();
  });

  it('revokes a machine only once confirmed', async () => {
    vi.mocked(fetchMachines).mockResolvedValue(machines);
    renderWithProviders(
      <>
        <ModalsProvider />
        <MachinesSection />
      </>,
    );
    const row = await screen.findByTestId('machine-row');
    expect(row.textContent).toContain('Sophie Gagnon');
    await userEvent.click(within(row).getByRole('button', { name: 'Retirer Réception de la liste' }));
    expect(await screen.findByText(/Réception ne pourra plus servir/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Annuler' }));
    expect(revokeMachine).not.toHaveBeenCalled();
    await userEvent.click(within(row).getByRole('button', { name: 'Retirer Réception de la liste' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Retirer' }));
    await waitFor(() =>
      expect(revokeMachine).toHaveBeenCalledWith(machines.machines[0]!.id, expect.anything()),
    );
  });

  it('renames a machine on Enter with the name trimmed, not when unchanged, and puts a refusal under the name', async () => {
    vi.mocked(fetchMachines).mockResolvedValue(machines);
    vi.mocked(renameMachine)
      .mockResolvedValueOnce(undefined as never)
      .mockRejectedValueOnce(
        new ApiError(400, 'validation-failed', 'Invalid', [
          { location: 'body', path: 'body.name', message: 'Too long' },
        ]),
      );
    renderWithProviders(<MachinesSection />);
    const name = await screen.findByTestId('machine-name');
    const user = userEvent.setup();
    await user.click(name);
    await user.keyboard('{Enter}');
    await user.tab();
    expect(renameMachine).not.toHaveBeenCalled();
    await user.clear(name);
    await user.type(name, '  Accueil {Enter}');
    await waitFor(() => expect(renameMachine).toHaveBeenCalledWith(machines.machines[0]!.id, 'Accueil'));
    await user.clear(name);
    await user.type(name, 'Poste 2{Enter}');
    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(name.getAttribute('aria-describedby')!)?.textContent).toBe('Too long');
  });
});
