import { notifications } from '@mantine/notifications';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api';
import { loadAllCatalogues, setCurrentLocale } from './i18n';
import { notifyError } from './notify';

vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));
const show = vi.mocked(notifications.show);
// The inbox's texts, as the app has them once the signed-in parts are loaded.
beforeAll(() => loadAllCatalogues());

describe('notifyError (send rate limits, throttle message)', () => {
  beforeEach(() => show.mockClear());
  afterEach(() => void setCurrentLocale('fr-CA'));

  it('shows the localised too-many-requests text with the Retry-After seconds, without the English server message', () => {
    setCurrentLocale('fr-CA');
    notifyError(
      new ApiError(429, 'too-many-requests', 'Too many requests. Retry in 42 seconds.', undefined, 42),
      'conversations.error.send',
    );
    expect(show).toHaveBeenCalledTimes(1);
    expect(show.mock.calls[0]![0]).toMatchObject({
      title: undefined,
      message: 'Trop de requêtes. Réessayez dans 42 secondes.',
      color: 'red',
    });
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

describe('notifyError speaks one language', () => {
  beforeEach(() => show.mockClear());
  afterEach(() => void setCurrentLocale('fr-CA'));

  it.each(['fr-CA', 'fr-FR'] as const)(
    'a French interface (%s) shows the localised text alone, never the English server message',
    (locale) => {
      setCurrentLocale(locale);
      notifyError(new ApiError(404, 'not-found', 'Conversation not found'), 'conversations.error.send');
      const shown = show.mock.calls[0]![0];
      expect(shown).toMatchObject({ title: undefined, message: 'Élément introuvable.' });
      expect(JSON.stringify(shown)).not.toContain('not found');
    },
  );

  it('an English interface shows the server message under the localised text', () => {
    setCurrentLocale('en-CA');
    notifyError(new ApiError(404, 'not-found', 'Conversation not found'));
    expect(show.mock.calls[0]![0]).toMatchObject({ title: 'Not found.', message: 'Conversation not found' });
  });

  it('a French interface shows the fallback text of an internal error, not the server message', () => {
    setCurrentLocale('fr-CA');
    notifyError(new ApiError(500, 'internal', 'Unexpected error'), 'conversations.error.send');
    expect(show.mock.calls[0]![0]).toMatchObject({
      title: undefined,
      message: 'Échec de l’envoi du message',
    });
  });
});
