import { describe, expect, it, vi } from 'vitest';
import { shortenLongLinks } from './short-links';

describe('shortenLongLinks', () => {
  const shorten = vi.fn((url: string) =>
    Promise.resolve({ shortUrl: `https://acc.test/l/${url.length.toString().padStart(12, 'x')}` }),
  );

  it('replaces each long http(s) link once, keeping the sentence’s punctuation, and leaves short ones', async () => {
    shorten.mockClear();
    const long = 'https://clinique.example/rendez-vous/confirmer?patient=123&date=2031-03-10';
    const text = `Confirmez ici : ${long}. Ou encore (${long}) — site : https://ex.test/a`;
    const out = await shortenLongLinks(text, shorten);
    const short = `https://acc.test/l/${long.length.toString().padStart(12, 'x')}`;
    expect(out).toBe(`Confirmez ici : ${short}. Ou encore (${short}) — site : https://ex.test/a`);
    expect(shorten).toHaveBeenCalledTimes(1);
  });

  it('leaves a text without links as it is, without a call', async () => {
    shorten.mockClear();
    expect(await shortenLongLinks('Bonjour, à demain 10 h.', shorten)).toBe('Bonjour, à demain 10 h.');
    expect(shorten).not.toHaveBeenCalled();
  });
});
