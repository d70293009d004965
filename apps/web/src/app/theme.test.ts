import { DEFAULT_THEME, mergeMantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { contrastRatio, cssVariablesResolver, lightVariantTextColours, theme } from './theme';

const merged = mergeMantineTheme(DEFAULT_THEME, theme);

describe('the light variants (badges, alerts) read at 4.5:1 or more', () => {
  it.each(Object.keys(merged.colors))('%s: its text on its shade 1', (name) => {
    const shades = merged.colors[name]!;
    const text = lightVariantTextColours(merged)[`--mantine-color-${name}-light-color`] ?? shades[9];
    expect(contrastRatio(text, shades[1])).toBeGreaterThanOrEqual(4.5);
  });

  it('changes only the colours whose shade 9 falls short (teal, the "Sent" badge, among them), in the light scheme', () => {
    const changed = Object.keys(lightVariantTextColours(merged)).map((v) =>
      v.replace(/^--mantine-color-(.*)-light-color$/, '$1'),
    );
    expect(changed.sort()).toEqual(['green', 'lime', 'orange', 'red', 'teal', 'yellow']);
    expect(cssVariablesResolver(merged).light).toMatchObject({
      '--mantine-color-teal-light-color': expect.stringMatching(/^rgba\(/),
    });
    expect(contrastRatio(DEFAULT_THEME.colors.teal[9], DEFAULT_THEME.colors.teal[1])).toBeLessThan(4.5);
  });
});

describe('a field’s error', () => {
  it('reads at 4.5:1 or more on white (its message and the text of the invalid field)', () => {
    const error = cssVariablesResolver(merged).light['--mantine-color-error'];
    expect(error).toBeDefined();
    expect(contrastRatio(error!, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(DEFAULT_THEME.colors.red[6], '#ffffff')).toBeLessThan(4.5);
  });
});

describe('dimmed text in the dark theme', () => {
  it('reads at 4.5:1 or more on the dark body and the side menu (Mantine’s own shade 2 does not)', () => {
    const dimmed = cssVariablesResolver(merged).dark['--mantine-color-dimmed']!;
    expect(contrastRatio(dimmed, merged.colors.dark[7])).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(dimmed, merged.colors.dark[8])).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(merged.colors.dark[2], merged.colors.dark[7])).toBeLessThan(4.5);
  });
});
