import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render-with-providers';
import { Overlays } from './overlays';

describe('Overlays: the dialog host and the toasts load after the first screen', () => {
  it('opens a dialog and shows a toast asked for before their layers were in', async () => {
    renderWithProviders(<Overlays />);
    // At once after the first render: the layers' code is not in yet, nothing listens.
    modals.openConfirmModal({ title: 'Se déconnecter ?', labels: { confirm: 'Oui', cancel: 'Non' } });
    notifications.show({ message: 'Équipe changée' });

    expect(await screen.findByRole('dialog', { name: 'Se déconnecter ?' })).toBeTruthy();
    expect(await screen.findByText('Équipe changée')).toBeTruthy();
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    modals.closeAll();
    notifications.clean();
  });
});
