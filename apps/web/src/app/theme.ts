import {
  createTheme,
  darken,
  luminance,
  type CSSVariablesResolver,
  type MantineColorsTuple,
  type MantineTheme,
} from '@mantine/core';

/** Accueil's teal-blue, light to dark (shade 7 is the primary). */
const brand: MantineColorsTuple = [
  '#e3f6f8',
  '#c9eaef',
  '#96d4df',
  '#5fbdcd',
  '#36a9bd',
  '#1d9cb3',
  '#0b8ea7',
  '#0b7285',
  '#075f70',
  '#024b59',
];

const FONT =
  'Inter, "Inter var", -apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';

/** A calm, professional theme: teal-blue primary, system Inter-like font, soft radii. */
export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: { light: 7, dark: 5 },
  colors: { brand },
  fontFamily: FONT,
  headings: { fontFamily: FONT, fontWeight: '650' },
  defaultRadius: 'md',
  cursorType: 'pointer',
  focusRing: 'auto',
  components: {
    Button: { defaultProps: { radius: 'md' } },
    // Initials in shade 9 on shade 1 of these colours read at 4.8:1 or more; green, teal,
    // orange, lime, yellow (and red, 4.51) fall under or at the 4.5:1 that the text needs.
    Avatar: {
      defaultProps: { allowedInitialsColors: ['blue', 'cyan', 'grape', 'indigo', 'pink', 'violet'] },
    },
    TextInput: { defaultProps: { radius: 'md' } },
    PasswordInput: { defaultProps: { radius: 'md' } },
    Modal: {
      defaultProps: {
        radius: 'lg',
        centered: true,
        padding: 'lg',
        overlayProps: { backgroundOpacity: 0.4, blur: 2 },
      },
      styles: { title: { fontWeight: 650, fontSize: 'var(--mantine-font-size-lg)' } },
    },
    Notification: { defaultProps: { radius: 'md' } },
    Tooltip: { defaultProps: { withArrow: true, openDelay: 300 } },
    // Mantine's focus placeholder is a focusable `role="presentation"` child of the `menu`, which
    // axe (rightly) counts as a child a menu may not hold (aria-required-children, critical).
    // Without it the focus trap focuses the dropdown itself, whose arrow keys reach the items.
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
  },
});

/** WCAG contrast ratio of two colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** The 4.5:1 that small text needs (badges, alert titles), with a margin for rounding. */
const SMALL_TEXT_CONTRAST = 4.6;

/**
 * The text colour of each colour's light variant (badges, alerts, light buttons: shade 9 on
 * shade 1) where Mantine's falls under 4.5:1: teal 4.3:1 (the "Sent" badge of the scheduled
 * messages), green 3.8, orange 3.6, lime 3.3, yellow 2.7; red at 4.51 too, within rounding. Shade 9 is darkened by the least step
 * of 5 % that reaches 4.6:1; the other colours keep Mantine's.
 */
export function lightVariantTextColours(theme: Pick<MantineTheme, 'colors'>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, shades] of Object.entries(theme.colors)) {
    let text = shades[9];
    for (let step = 1; contrastRatio(text, shades[1]) < SMALL_TEXT_CONTRAST && step <= 10; step++)
      text = darken(shades[9], step * 0.05);
    if (text !== shades[9]) out[`--mantine-color-${name}-light-color`] = text;
  }
  return out;
}

/**
 * Secondary ("dimmed") text darker than Mantine's gray-6, which reads at 3.3:1 on white and
 * 2.6:1 on the selected conversation: #5f6770 gives 5.7:1 on white and about 5:1 on the
 * selected row's tint, above the 4.5:1 that small text needs. A field's error (its message
 * and the text of an invalid field) in red shade 9 (5.4:1 on white) rather than Mantine's
 * shade 6 (3.6:1, which axe reports on every form with an error). Light variants' text as
 * `lightVariantTextColours` says. In the dark theme (personalisation), dimmed text in dark shade 1
 * (#b8b8b8: 8:1 on the dark body) rather than Mantine's shade 2 (4.3:1, under 4.5:1).
 */
export const cssVariablesResolver: CSSVariablesResolver = (resolved) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': '#5f6770',
    '--mantine-color-error': resolved.colors.red[9],
    ...lightVariantTextColours(resolved),
  },
  dark: {
    '--mantine-color-dimmed': resolved.colors.dark[1],
  },
});
