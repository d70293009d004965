import { SUPPORTED_LOCALES } from '@accueil/domain';
import { Menu, Text } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { FormattedMessage } from 'react-intl';
import type { MenuPartProps } from '../../components/lazy-menu';
import { LOCALE_NAMES, type AppLocale } from '../../lib/i18n';

/** Props of {@link LanguageMenuPart}. */
export interface LanguageMenuPartProps extends MenuPartProps {
  current: AppLocale;
  onChoose: (locale: AppLocale) => void;
}

/** The interface languages' menu, the current one checked (loaded by {@link LanguageMenu}). */
export function LanguageMenuPart({ target, opened, onChange, current, onChoose }: LanguageMenuPartProps) {
  return (
    <Menu
      position="right-end"
      offset={12}
      width={210}
      shadow="md"
      withinPortal
      opened={opened}
      onChange={onChange}
    >
      <Menu.Target>{target}</Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <FormattedMessage id="shell.language.label" />
        </Menu.Label>
        {SUPPORTED_LOCALES.map((locale) => (
          <Menu.Item
            key={locale}
            lang={locale}
            onClick={() => onChoose(locale)}
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
