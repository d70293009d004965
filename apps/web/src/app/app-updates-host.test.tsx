import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render-with-providers';

// The service worker's prompt needs a browser's service workers (jsdom has none): a stand-in
// that says it was mounted.
vi.mock('../features/app-updates/app-updates', () => ({
  AppUpdates: () => <div data-testid="app-updates" />,
}));

/**
 * The host as a build of `mode` would run it: `import.meta.env` is read when the module loads
 * (a constant that production builds fold, dropping the developer panel's import), so the module
 * is loaded afresh under the stubbed environment.
 */
async function hostBuiltFor(mode: 'development' | 'production' | 'test') {
  vi.stubEnv('MODE', mode);
  vi.stubEnv('DEV', mode !== 'production');
  vi.stubEnv('PROD', mode === 'production');
  vi.resetModules();
  return (await import('./app-updates-host')).AppUpdatesHost;
}

const developerTools = () => screen.queryByRole('button', { name: 'Outils de développement' });

afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

/** Shell §2: "the developer panel (environment, synchronisation) in development mode only". */
describe('the developer panel', () => {
  it('is offered in development (the development server), once the first screen is idle, without the update prompt', async () => {
    const Host = await hostBuiltFor('development');
    renderWithProviders(<Host />);
    expect(developerTools()).toBeNull();
    expect(
      await screen.findByRole('button', { name: 'Outils de développement' }, { timeout: 5_000 }),
    ).toBeTruthy();
    expect(screen.queryByTestId('app-updates')).toBeNull();
  });

  it('is absent in production: the update prompt is mounted in its place', async () => {
    const Host = await hostBuiltFor('production');
    renderWithProviders(<Host />);
    expect(await screen.findByTestId('app-updates', {}, { timeout: 5_000 })).toBeTruthy();
    expect(developerTools()).toBeNull();
  });

  it('is absent in the unit tests’ mode, as is the update prompt', async () => {
    const Host = await hostBuiltFor('test');
    renderWithProviders(<Host />);
    // Longer than the idle wait (at most 2 s): nothing was asked to load.
    await new Promise((resolve) => setTimeout(resolve, 2_200));
    expect(developerTools()).toBeNull();
    expect(screen.queryByTestId('app-updates')).toBeNull();
  });
});
