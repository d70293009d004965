import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiRequest } from '../../lib/api';
import { renderWithProviders } from '../../test/render-with-providers';
import { publishClickToCall } from '../calls/click-to-call';
import SupportCallEntry from './support-call-entry';

vi.mock('../../lib/api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/api')>()),
  apiRequest: vi.fn(),
}));
const api = vi.mocked(apiRequest);

function configWith(supportPhoneNumber: string | null) {
  api.mockImplementation((method, path) =>
    Promise.resolve(
      `${method} ${path}` === 'GET config'
        ? { messagingCarrier: 'sandbox', version: '5.5.1', supportPhoneNumber }
        : undefined,
    ),
  );
}

afterEach(() => {
  act(() => publishClickToCall({ canCall: false, dial: null }));
  api.mockReset();
});

describe('SupportCallEntry', () => {
  it('calls the support line through the browser phone', async () => {
    configWith('+15145550199');
    const dial = vi.fn();
    act(() => publishClickToCall({ canCall: true, dial }));
    renderWithProviders(<SupportCallEntry />);
    const entry = await screen.findByRole('button', { name: 'Parler au soutien' });
    await userEvent.setup().click(entry);
    expect(dial).toHaveBeenCalledWith('+15145550199');
  });

  it('is disabled, saying why, while no call can be placed', async () => {
    configWith('+15145550199');
    renderWithProviders(<SupportCallEntry />);
    const entry = await screen.findByRole('button', { name: /Parler au soutien/ });
    expect(entry.getAttribute('aria-disabled')).toBe('true');
    expect(entry.textContent).toContain('Possible quand le téléphone est prêt');
  });

  it('is hidden when no support line is configured', async () => {
    configWith(null);
    renderWithProviders(<SupportCallEntry />);
    await vi.waitFor(() => expect(api).toHaveBeenCalled());
    await act(() => Promise.resolve());
    expect(screen.queryByRole('button')).toBeNull();
  });
});
