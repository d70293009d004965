import { describe, expect, it } from 'vitest';
import { espeakVoiceFor, synthesizeSpeech } from './speech';

const rms = (samples: Int16Array) =>
  Math.sqrt(samples.reduce((sum, s) => sum + s * s, 0) / Math.max(1, samples.length));

describe('synthesizeSpeech', () => {
  it('speaks a French and an English greeting as audible mono PCM of a plausible length', async () => {
    const fr = await synthesizeSpeech({
      text: 'Bonjour, vous avez joint la clinique du parc.',
      language: 'fr-CA',
    });
    const en = await synthesizeSpeech({
      text: 'Hello, you have reached the park clinic.',
      language: 'en-CA',
    });
    for (const speech of [fr, en]) {
      expect(speech.sampleRate).toBe(22050);
      const seconds = speech.samples.length / speech.sampleRate;
      expect(seconds).toBeGreaterThan(1);
      expect(seconds).toBeLessThan(6);
      expect(rms(speech.samples)).toBeGreaterThan(300);
    }
    expect(fr.samples).not.toEqual(en.samples);
  });

  it('gives no samples for an empty text', async () => {
    expect((await synthesizeSpeech({ text: '  ', language: 'fr-FR' })).samples).toHaveLength(0);
  });

  it('picks French for fr-* and unknown tags, North-American English for en-*', () => {
    expect(espeakVoiceFor('fr-CA')).toBe('fr');
    expect(espeakVoiceFor('fr-FR')).toBe('fr');
    expect(espeakVoiceFor('en-CA')).toBe('en-us');
    expect(espeakVoiceFor('de')).toBe('fr');
  });
});
