import { notifications } from '@mantine/notifications';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api';
import { setCurrentLocale } from './i18n';
import { notifyError } from './notify';

vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));
const show = vi.mocked(notifications.show);

describe('notifyError (issue 3 rate limits, §8 throttle message)', () => {
  beforeEach(() => show.mockClear());
  afterEach(() => void setCurrentLocale('fr-CA'));

  it('shows the localised too-many-requests text with the Retry-After seconds, without the English server message', () => {
    setCurrentLocale('fr-CA');
    notifyError(new ApiError(429, 'too-many-requests', 'Too many requests. Retry in 42 seconds.', undefined, 42), 'conversations.error.send');
    expect(show).toHaveBeenCalledTimes(1);
    expect(show.mock.calls[0]![0]).toMatchObject({ title: undefined, message: 'Trop de requêtes. Réessayez dans 42 secondes.', color: 'red' });
  });

  it('speaks the interface language', () => {
    setCurrentLocale('en-CA');
    notifyError(new ApiError(429, 'too-many-requests', undefined, undefined, 7));
    expect(show.mock.calls[0]![0]).toMatchObject({ message: 'Too many requests. Retry in 7 seconds.' });
  });

  it('keeps the server message of other errors as the detail', () => {
    setCurrentLocale('en-CA');
    notifyError(new ApiError(422, 'message-not-sendable', 'Emergency numbers cannot receive texts'));
    expect(show.mock.calls[0]![0]).toMatchObject({ message: 'Emergency numbers cannot receive texts' });
  });
});
