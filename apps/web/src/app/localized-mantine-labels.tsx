import { MantineThemeProvider, PasswordInput, createTheme } from '@mantine/core';
import { useMemo, type ReactNode } from 'react';
import { useIntl } from 'react-intl';

/**
 * Mantine's built-in controls speak the interface language: every close button (modals,
 * toasts, input clear buttons) is labelled "Fermer"/"Close" unless it has its own label, and
 * the password field's eye is "Afficher le mot de passe" instead of Mantine's English
 * "Toggle password visibility". Inherits the app theme (MantineProvider above).
 */
export function LocalizedMantineLabels({ children }: { children: ReactNode }) {
  const intl = useIntl();
  const theme = useMemo(() => {
    const close = intl.formatMessage({ id: 'common.close' });
    const showPassword = intl.formatMessage({ id: 'common.showPassword' });
    return createTheme({
      components: {
        // CloseButton is polymorphic: its props type leaves out the button's own attributes.
        CloseButton: { defaultProps: { 'aria-label': close } },
        PasswordInput: PasswordInput.extend({
          defaultProps: { visibilityToggleButtonProps: { 'aria-label': showPassword } },
        }),
      },
    });
  }, [intl]);
  return <MantineThemeProvider theme={theme}>{children}</MantineThemeProvider>;
}
