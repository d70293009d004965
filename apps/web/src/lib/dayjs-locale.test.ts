import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { applyDayjsLocale } from './dayjs-locale';

describe('applyDayjsLocale', () => {
  it("makes the interface language dayjs' locale, with its month names", async () => {
    await applyDayjsLocale('fr-CA');
    expect(dayjs.locale()).toBe('fr-ca');
    expect(dayjs(new Date(2026, 0, 15)).format('MMMM')).toBe('janvier');
    await applyDayjsLocale('en-CA');
    expect(dayjs.locale()).toBe('en-ca');
    expect(dayjs(new Date(2026, 0, 15)).format('MMMM')).toBe('January');
  });

  it('keeps the last language asked for when two loads overlap', async () => {
    await Promise.all([applyDayjsLocale('fr-FR'), applyDayjsLocale('en-CA')]);
    expect(dayjs.locale()).toBe('en-ca');
    await Promise.all([applyDayjsLocale('en-CA'), applyDayjsLocale('fr-FR')]);
    expect(dayjs.locale()).toBe('fr');
  });
});
