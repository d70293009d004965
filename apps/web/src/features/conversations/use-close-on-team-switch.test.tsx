import type { SessionContext } from '@accueil/domain';
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useLocation } from 'react-router';
import { updateSession } from '../../lib/session-store';
import { renderWithProviders } from '../../test/render-with-providers';
import { useCloseOnTeamSwitch } from './use-close-on-team-switch';

const team = (id: string, label: string) => ({
  id,
  label,
  organizationId: 'o1',
  phoneNumber: '+15145550100',
  main: id === 't1',
});
const context = (current: string) =>
  ({
    user: {
      id: 'u1',
      username: 'admin',
      name: { first: 'Marie', last: 'Tremblay' },
      role: 'admin',
      locale: 'fr-CA',
    },
    userGroup: current === 't1' ? team('t1', 'Principal') : team('t2', 'Hygiène'),
    organization: { id: 'o1', name: 'Clinique', country: 'CA', locale: 'fr-CA', timeZone: 'America/Toronto' },
    userGroups: [team('t1', 'Principal'), team('t2', 'Hygiène')],
  }) as unknown as SessionContext;

function Screen({ openId }: { openId: string | null }) {
  useCloseOnTeamSwitch(openId);
  return <output data-testid="path">{useLocation().pathname}</output>;
}

afterEach(() => updateSession({ status: 'signed-out', context: null }));

describe('useCloseOnTeamSwitch', () => {
  it('closes the open conversation when the team changes', () => {
    updateSession({ status: 'signed-in', context: context('t1') });
    renderWithProviders(<Screen openId="c1" />, { route: '/conversations/c1' });
    expect(screen.getByTestId('path').textContent).toBe('/conversations/c1');
    act(() => updateSession({ context: context('t2') }));
    expect(screen.getByTestId('path').textContent).toBe('/conversations');
  });

  it('keeps the conversation open while the team stays the same (other session changes)', () => {
    updateSession({ status: 'signed-in', context: context('t1') });
    renderWithProviders(<Screen openId="c1" />, { route: '/conversations/c1' });
    act(() =>
      updateSession({ context: { ...context('t1'), user: { ...context('t1').user, locale: 'en-CA' } } }),
    );
    expect(screen.getByTestId('path').textContent).toBe('/conversations/c1');
  });
});
