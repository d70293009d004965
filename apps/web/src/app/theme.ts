import { createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';

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

const FONT = 'Inter, "Inter var", -apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';

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
    Avatar: { defaultProps: { allowedInitialsColors: ['blue', 'cyan', 'grape', 'indigo', 'pink', 'violet'] } },
    TextInput: { defaultProps: { radius: 'md' } },
    PasswordInput: { defaultProps: { radius: 'md' } },
    Modal: {
      defaultProps: { radius: 'lg', centered: true, padding: 'lg', overlayProps: { backgroundOpacity: 0.4, blur: 2 } },
      styles: { title: { fontWeight: 650, fontSize: 'var(--mantine-font-size-lg)' } },
    },
    Notification: { defaultProps: { radius: 'md' } },
    Tooltip: { defaultProps: { withArrow: true, openDelay: 300 } },
  },
});

/**
 * Secondary ("dimmed") text darker than Mantine's gray-6, which reads at 3.3:1 on white and
 * 2.6:1 on the selected conversation: #5f6770 gives 5.7:1 on white and about 5:1 on the
 * selected row's tint, above the 4.5:1 that small text needs.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': '#5f6770' },
  dark: {},
});
