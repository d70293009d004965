import { newCurrentCall } from '@accueil/domain';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render-with-providers';
import type { CallController, CallView } from './call-controller';
import { CallPanel } from './call-panel';

const controller = () => ({ accept: vi.fn(), reject: vi.fn() }) as unknown as CallController;
const ringing = (transferredFrom: CallView['transferredFrom']): CallView => ({
  snapshot: { phase: 'incoming', call: newCurrentCall('CA1', 'inbound', 'direct', 'team-a', false) },
  number: '+15145550199',
  answeredAt: null,
  transferredFrom,
});
const labels = (id: string) => (id === 'team-b' ? 'Réception' : null);

describe('the call panel', () => {
  it('titles a ringing call "incoming call", and a transferred one "transferred call" with the team it came from', () => {
    const { unmount } = renderWithProviders(
      <CallPanel
        view={ringing(null)}
        controller={controller()}
        selfId={null}
        extensionTransfer={false}
        teamLabelOf={labels}
      />,
    );
    expect(screen.getByTestId('call-title').textContent).toBe('Appel entrant');
    expect(screen.queryByTestId('call-transferred-from')).toBeNull();
    unmount();

    renderWithProviders(
      <CallPanel
        view={ringing({ teamId: 'team-b' })}
        controller={controller()}
        selfId={null}
        extensionTransfer={false}
        teamLabelOf={labels}
      />,
    );
    expect(screen.getByTestId('call-title').textContent).toBe('Appel transféré');
    expect(screen.getByTestId('call-transferred-from').textContent).toBe('Transféré depuis Réception');
    expect(screen.getByRole('region', { name: 'Appel transféré' })).toBeTruthy();
  });

  it('in English too; a team it cannot name is left out', () => {
    renderWithProviders(
      <CallPanel
        view={ringing({ teamId: 'team-z' })}
        controller={controller()}
        selfId={null}
        extensionTransfer={false}
        teamLabelOf={labels}
      />,
      { locale: 'en-CA' },
    );
    expect(screen.getByTestId('call-title').textContent).toBe('Transferred call');
    expect(screen.queryByTestId('call-transferred-from')).toBeNull();
  });

  it('declines with the reject button', async () => {
    const calls = controller();
    renderWithProviders(
      <CallPanel view={ringing(null)} controller={calls} selfId={null} extensionTransfer={false} />,
    );
    await userEvent.setup().click(screen.getByTestId('call-reject'));
    expect(calls.reject).toHaveBeenCalledTimes(1);
  });
});
