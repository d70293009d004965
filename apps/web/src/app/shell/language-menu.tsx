import { SUPPORTED_LOCALES } from '@accueil/domain';
import { Menu, NavLink, Text } from '@mantine/core';
import { IconCheck, IconChevronRight, IconLanguage } from '@tabler/icons-react';
import { FormattedMessage, useIntl } from 'react-intl';
import { LOCALE_NAMES, normalizeLocale, type AppLocale } from '../../lib/i18n';
import { notifyError } from '../../lib/notify';
import { changeLocale, useCurrentUser } from '../../lib/session';
import classes from './shell.module.css';

/**
 * The interface language, at the bottom of the side menu (its current name, next to a
 * language icon): Français, English or Français (France). A choice switches the interface at once and is saved to the user's
 * profile (PUT auth/locale); if saving fails the previous language comes back with a toast.
 */
export function LanguageMenu() {
  const intl = useIntl();
  const user = useCurrentUser();
  if (!user) return null;
  const current = normalizeLocale(user.locale) ?? (intl.locale as AppLocale);
  const choose = (locale: AppLocale) => {
    if (locale === current) return;
    changeLocale(locale).catch((error: unknown) => notifyError(error, 'shell.language.failed'));
  };

  return (
    <Menu position="right-end" offset={12} width={210} shadow="md" withinPortal>
      <Menu.Target>
        <NavLink
          component="button"
          label={LOCALE_NAMES[current]}
          leftSection={<IconLanguage size={19} stroke={1.7} />}
          rightSection={<IconChevronRight size={14} />}
          className={classes.link}
          data-testid="language-menu"
          aria-label={intl.formatMessage({ id: 'shell.language.current' }, { language: LOCALE_NAMES[current] })}
        />
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <FormattedMessage id="shell.language.label" />
        </Menu.Label>
        {SUPPORTED_LOCALES.map((locale) => (
          <Menu.Item
            key={locale}
            lang={locale}
            onClick={() => choose(locale)}
            rightSection={locale === current ? <IconCheck size={14} /> : null}
            data-testid={`language-option-${locale}`}
            aria-current={locale === current ? 'true' : undefined}
          >
            <Text size="sm" fw={locale === current ? 600 : 400}>
              {LOCALE_NAMES[locale]}
            </Text>
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
