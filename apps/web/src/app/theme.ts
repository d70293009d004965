import { createTheme, type MantineColorsTuple } from '@mantine/core';

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
