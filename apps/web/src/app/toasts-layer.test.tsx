import { TOAST_AUTO_CLOSE_MS } from '@accueil/domain';
import { notifications } from '@mantine/notifications';
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notifyError, notifyInfo, notifySuccess } from '../lib/notify';
import { renderWithProviders } from '../test/render-with-providers';
import { ToastsLayer } from './toasts-layer';

/** Toasts hide by themselves after 3 s (spec: personalisation; docs/behaviour/web-app.md), at most 4 at once. */
beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: false }));
afterEach(() => {
  act(() => notifications.clean());
  vi.useRealTimers();
});

describe('toasts', () => {
  it('close by themselves after 3 s, whatever their kind, and not before', async () => {
    expect(TOAST_AUTO_CLOSE_MS).toBe(3000);
    renderWithProviders(<ToastsLayer />);
    act(() => {
      notifySuccess('Message envoyé');
      notifyInfo('Conversation archivée');
      notifyError(new Error('boom'));
    });
    await act(() => vi.advanceTimersByTimeAsync(50));
    expect(screen.getByText('Message envoyé')).toBeTruthy();
    expect(screen.getByText('Conversation archivée')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(TOAST_AUTO_CLOSE_MS - 200));
    expect(screen.queryByText('Message envoyé')).not.toBeNull();
    // Past 3 s (and the closing transition), none is left.
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(screen.queryByText('Message envoyé')).toBeNull();
    expect(screen.queryByText('Conversation archivée')).toBeNull();
    expect(screen.queryAllByRole('alert')).toHaveLength(0);
  });

  it('shows at most 4 at once; the next waits its turn', async () => {
    renderWithProviders(<ToastsLayer />);
    act(() => {
      for (let i = 1; i <= 5; i++) notifyInfo(`Avis ${i}`);
    });
    await act(() => vi.advanceTimersByTimeAsync(50));
    expect(screen.queryByText('Avis 4')).not.toBeNull();
    expect(screen.queryByText('Avis 5')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(TOAST_AUTO_CLOSE_MS + 1000));
    expect(screen.queryByText('Avis 5')).not.toBeNull();
  });

  it('with an action, shows its button, which runs it and closes the toast', async () => {
    renderWithProviders(<ToastsLayer />);
    const open = vi.fn();
    act(() =>
      notifyInfo('Marie Tremblay vous a assigné la conversation avec Luc', {
        label: 'Ouvrir',
        onClick: open,
      }),
    );
    await act(() => vi.advanceTimersByTimeAsync(50));
    fireEvent.click(screen.getByRole('button', { name: 'Ouvrir' }));
    expect(open).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(screen.queryByText(/vous a assigné la conversation avec Luc/)).toBeNull();
  });
});
