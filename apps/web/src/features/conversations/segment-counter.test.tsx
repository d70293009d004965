import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render-with-providers';
import { Composer } from './composer';

async function typeInComposer(text: string, locale: 'fr-CA' | 'en-CA' = 'fr-CA') {
  renderWithProviders(<Composer onSend={vi.fn()} />, { locale });
  const textarea = screen.getByRole('textbox', { name: 'Message' });
  const user = userEvent.setup();
  await user.click(textarea);
  await user.paste(text);
  // The counter's code loads after the composer (a lazy part): the first test waits for it.
  const count = await screen.findByTestId('segment-count', {}, { timeout: 5000 });
  return { live: screen.getByTestId('segment-warning'), count };
}

describe('Composer segment counter', () => {
  it('counts characters of one text without a warning up to 160 GSM-7 characters', async () => {
    const { live, count } = await typeInComposer('a'.repeat(160));
    expect(count.textContent).toBe('160/160 · 1 texto');
    expect(live.getAttribute('aria-live')).toBe('polite');
    expect(live.textContent).toBe('');
  });

  it('warns, politely, once the text takes two segments', async () => {
    const { live, count } = await typeInComposer('a'.repeat(161));
    expect(count.textContent).toBe('161/306 · 2 textos');
    expect(live.textContent).toBe('Ce message partira en 2 textos, facturés chacun.');
  });

  it('names the characters that force UCS-2 (70/67) and speaks English in an English interface', async () => {
    const { live, count } = await typeInComposer(`Fête ’ ${'a'.repeat(70)}`, 'en-CA');
    expect(count.textContent).toBe('77/134 · 2 texts');
    expect(live.textContent).toBe(
      'This message will go out as 2 texts, each billed. These characters cut a text to 67 characters: ê ’',
    );
  });
});
