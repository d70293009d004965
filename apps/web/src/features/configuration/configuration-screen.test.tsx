import { sessionAbilities, type SessionContext } from '@accueil/domain';
import { IconSettings } from '@tabler/icons-react';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { lazy } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { clearSession, updateSession } from '../../lib/session-store';
import { renderWithProviders } from '../../test/render-with-providers';
import { ConfigurationScreen } from './configuration-screen';
import type { ConfigurationTab } from './configuration-tabs';
import { selectConfigurationTab } from './use-configuration-tab';

const ORG = '11111111-1111-4111-8111-111111111111';

function signIn(role: SessionContext['user']['role']) {
  const actor = { userId: 'u-1', role, organizationId: ORG, teamId: null, tier: null };
  const context = {
    user: { id: 'u-1', role },
    organization: { id: ORG },
    userGroup: null,
    userGroups: [],
    abilities: sessionAbilities(actor),
  } as unknown as SessionContext;
  updateSession({ status: 'signed-in', token: 't', context });
}

const content = (text: string) => lazy(() => Promise.resolve({ default: () => <p>{text}</p> }));
// Labels reuse existing catalogue ids so the test needs no catalogue entries of its own.
const TABS: ConfigurationTab[] = [
  { key: 'everyone', labelId: 'common.save', icon: IconSettings, component: content('contenu pour tous') },
  {
    key: 'admins',
    labelId: 'common.confirm',
    icon: IconSettings,
    ability: 'configuration.edit',
    component: content('contenu admin'),
  },
];

describe('selectConfigurationTab', () => {
  it('picks by key, by 1-based position, else the first; null without tabs', () => {
    expect(selectConfigurationTab(TABS, 'admins')?.key).toBe('admins');
    expect(selectConfigurationTab(TABS, '2')?.key).toBe('admins');
    expect(selectConfigurationTab(TABS, '1')?.key).toBe('everyone');
    expect(selectConfigurationTab(TABS, '3')?.key).toBe('everyone');
    expect(selectConfigurationTab(TABS, 'nope')?.key).toBe('everyone');
    expect(selectConfigurationTab(TABS, null)?.key).toBe('everyone');
    expect(selectConfigurationTab([], 'admins')).toBeNull();
  });

  it('reads the spec’s reconnect address (tab 2, sub-tab 1) as the e-mail connection, when the session has it', () => {
    const withEmail = [...TABS, { ...TABS[1]!, key: 'email' }];
    expect(selectConfigurationTab(withEmail, '2', '1')?.key).toBe('email');
    expect(selectConfigurationTab(withEmail, '2', null)?.key).toBe('admins');
    expect(selectConfigurationTab(TABS, '2', '1')?.key).toBe('admins');
  });
});

describe('ConfigurationScreen', () => {
  afterEach(() => clearSession());

  it('opens the tab the URL names and switches tabs from the list', async () => {
    signIn('admin');
    renderWithProviders(<ConfigurationScreen tabs={TABS} />, { route: '/configuration?configTab=admins' });
    expect(await screen.findByText('contenu admin')).toBeTruthy();
    await userEvent.click(screen.getByRole('tab', { name: 'Enregistrer' }));
    expect(await screen.findByText('contenu pour tous')).toBeTruthy();
  });

  it("lists only the tabs the session's abilities allow", async () => {
    signIn('user');
    renderWithProviders(<ConfigurationScreen tabs={TABS} />, { route: '/configuration?configTab=admins' });
    expect(await screen.findByText('contenu pour tous')).toBeTruthy();
    expect(screen.queryByRole('tab', { name: 'Confirmer' })).toBeNull();
    expect(screen.queryByText('contenu admin')).toBeNull();
  });

  it('says so when no tab is available', () => {
    signIn('user');
    renderWithProviders(<ConfigurationScreen tabs={[]} />, { route: '/configuration' });
    expect(screen.getByText('Aucune section de configuration n’est offerte à votre rôle.')).toBeTruthy();
  });
});
