import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setPreferences } from '../../lib/preferences';
import { subscribeToPush, unsubscribeFromPush } from '../../lib/web-push';
import { renderWithProviders } from '../../test/render-with-providers';
import { AlertsSection } from './alerts-section';

vi.mock('../../lib/web-push', () => ({
  subscribeToPush: vi.fn(),
  unsubscribeFromPush: vi.fn(() => Promise.resolve()),
  sharePushKinds: vi.fn(() => Promise.resolve()),
}));

const UNAVAILABLE =
  "Dans ce navigateur, les notifications s'affichent seulement quand un onglet d'Accueil est ouvert : celles reçues onglet fermé n'y sont pas offertes.";

afterEach(() => {
  vi.unstubAllGlobals();
  setPreferences({ desktopNotifications: false });
});

describe('AlertsSection and Web Push', () => {
  it('subscribes when desktop notifications are turned on, says when it cannot, and unsubscribes when turned off', async () => {
    vi.stubGlobal('Notification', { permission: 'granted', requestPermission: vi.fn() });
    vi.mocked(subscribeToPush).mockResolvedValue('unavailable');
    renderWithProviders(<AlertsSection />);
    const desktop = screen.getByRole('switch', { name: /^Notifications du bureau/ });
    expect(screen.queryByText(UNAVAILABLE)).toBeNull();

    await userEvent.click(desktop);
    expect(subscribeToPush).toHaveBeenCalledTimes(1);
    expect(await screen.findByRole('status')).toHaveProperty('textContent', UNAVAILABLE);

    await userEvent.click(desktop);
    await waitFor(() => expect(unsubscribeFromPush).toHaveBeenCalledTimes(1));
    expect(screen.queryByText(UNAVAILABLE)).toBeNull();
  });

  it('says nothing more when subscribed, and subscribes again on opening when already on', async () => {
    vi.stubGlobal('Notification', { permission: 'granted', requestPermission: vi.fn() });
    vi.mocked(subscribeToPush).mockReset().mockResolvedValue('subscribed');
    setPreferences({ desktopNotifications: true });
    renderWithProviders(<AlertsSection />);
    await waitFor(() => expect(subscribeToPush).toHaveBeenCalledTimes(1));
    expect(screen.getByRole('switch', { name: /^Notifications du bureau/ })).toHaveProperty('checked', true);
    expect(screen.queryByText(UNAVAILABLE)).toBeNull();
  });
});
