import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api';
import { renderWithProviders } from '../../test/render-with-providers';
import { SupportForm } from './support-form';

const api = vi.hoisted(() => ({ sendSupportRequest: vi.fn() }));
vi.mock('./api', () => api);
vi.mock('./capture-page', () => ({ capturePage: vi.fn() }));

beforeAll(() => {
  URL.createObjectURL ??= () => 'blob:preview';
  URL.revokeObjectURL ??= () => undefined;
});
beforeEach(() => api.sendSupportRequest.mockReset());

async function sendWithPicture(locale: 'fr-CA' | 'en-CA') {
  const onDone = vi.fn();
  const { container } = renderWithProviders(<SupportForm onDone={onDone} />, { locale });
  await userEvent.type(screen.getByRole('textbox'), 'La page reste blanche.');
  const input = container.querySelector<HTMLInputElement>('input[type="file"]')!;
  await userEvent.upload(
    input,
    new File([new Uint8Array([0x89, 0x50])], 'capture.png', { type: 'image/png' }),
  );
  await userEvent.click(screen.getByRole('button', { name: locale === 'fr-CA' ? 'Envoyer' : 'Send' }));
  return onDone;
}

describe('support form: the server refuses the screenshot', () => {
  it.each([
    ['unsupported-media-type', 415, 'fr-CA', 'Choisissez une image PNG, JPEG ou SVG.'],
    ['payload-too-large', 413, 'fr-CA', "L'image dépasse 5 Mo. Choisissez-en une plus petite."],
    ['unsupported-media-type', 415, 'en-CA', 'Choose a PNG, JPEG or SVG image.'],
  ] as const)(
    '%s in %s: says so beside the picture, keeps what was written',
    async (code, status, locale, text) => {
      api.sendSupportRequest.mockRejectedValueOnce(new ApiError(status, code));
      const onDone = await sendWithPicture(locale);
      await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(text));
      expect(onDone).not.toHaveBeenCalled();
      expect(screen.getByRole('textbox')).toHaveProperty('value', 'La page reste blanche.');
    },
  );
});
