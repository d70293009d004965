import { NavLink } from '@mantine/core';
import { IconChevronRight, IconLanguage } from '@tabler/icons-react';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { LazyMenu } from '../../components/lazy-menu';
import { LOCALE_NAMES, normalizeLocale, type AppLocale } from '../../lib/i18n';
import { notifyError } from '../../lib/notify';
import { changeLocale, useCurrentUser } from '../../lib/session';
import { deferred } from '../deferred';
import classes from './shell.module.css';

const LanguageMenuPart = deferred(() => import('./language-menu-part').then((m) => m.LanguageMenuPart));

/**
 * The interface language, at the bottom of the side menu (its current name, next to a
 * language icon): Français, English or Français (France). A choice switches the interface at once and is saved to the user's
 * profile (PUT auth/locale); if saving fails the previous language comes back with a toast.
 */
export function LanguageMenu() {
  const intl = useIntl();
  const user = useCurrentUser();
  const [opened, setOpened] = useState(false);
  if (!user) return null;
  const current = normalizeLocale(user.locale) ?? (intl.locale as AppLocale);
  const choose = (locale: AppLocale) => {
    if (locale === current) return;
    changeLocale(locale).catch((error: unknown) => notifyError(error, 'shell.language.failed'));
  };

  return (
    <LazyMenu
      part={LanguageMenuPart}
      opened={opened}
      onChange={setOpened}
      current={current}
      onChoose={choose}
      target={
        <NavLink
          component="button"
          label={LOCALE_NAMES[current]}
          leftSection={<IconLanguage size={19} stroke={1.7} />}
          rightSection={<IconChevronRight size={14} />}
          className={classes.link}
          data-testid="language-menu"
          aria-label={intl.formatMessage(
            { id: 'shell.language.current' },
            { language: LOCALE_NAMES[current] },
          )}
        />
      }
    />
  );
}
