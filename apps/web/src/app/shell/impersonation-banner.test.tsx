import type { SessionContext } from '@accueil/domain';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { clearSession, updateSession } from '../../lib/session-store';
import { renderWithProviders } from '../../test/render-with-providers';
import { ImpersonationBanner, minutesLeft } from './impersonation-banner';

function signedIn(impersonation: SessionContext['impersonation']) {
  const context = {
    user: { id: 'u-1', role: 'admin', name: { first: 'Louis', last: 'Tremblay' } },
    organization: { id: 'o-1', name: 'Notaires Tremblay' },
    userGroup: null,
    userGroups: [],
    abilities: {},
    impersonation,
  } as unknown as SessionContext;
  updateSession({ status: 'signed-in', token: 't', context });
}

describe('ImpersonationBanner', () => {
  afterEach(() => clearSession());

  it('says who acts for whom, the minutes left, and offers to stop', () => {
    signedIn({
      impersonator: { id: 'd-1', name: 'Camille Exploitation' },
      expiresAt: new Date(Date.now() + 12.5 * 60_000).toISOString(),
    });
    renderWithProviders(<ImpersonationBanner />, { locale: 'en-CA' });
    expect(screen.getByTestId('impersonation-banner').textContent).toContain(
      'You are acting as Louis Tremblay, administrator of Notaires Tremblay, on behalf of Camille Exploitation. 13 minutes left.',
    );
    expect(screen.getByRole('button', { name: 'Stop acting' })).toBeTruthy();
  });

  it('is not shown for an ordinary session', () => {
    signedIn(null);
    renderWithProviders(<ImpersonationBanner />);
    expect(screen.queryByTestId('impersonation-banner')).toBeNull();
  });

  it('counts minutes up and never below zero', () => {
    expect(minutesLeft('2026-01-01T00:30:00Z', Date.parse('2026-01-01T00:00:01Z'))).toBe(30);
    expect(minutesLeft('2026-01-01T00:30:00Z', Date.parse('2026-01-01T00:31:00Z'))).toBe(0);
  });
});
