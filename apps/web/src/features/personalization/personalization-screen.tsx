import { SUPPORTED_LOCALES } from '@accueil/domain';
import { SegmentedControl, Stack, Text, Title, useMantineColorScheme } from '@mantine/core';
import { IconLanguage, IconPalette, IconSignature } from '@tabler/icons-react';
import { useIntl } from 'react-intl';
import { LOCALE_NAMES, normalizeLocale, type AppLocale } from '../../lib/i18n';
import { notifyError } from '../../lib/notify';
import { changeLocale, useCurrentUser } from '../../lib/session';
import { AlertsSection } from './alerts-section';
import { OwnSignatureSection } from './own-signature-section';
import { Section } from './section';

/**
 * /personnalisation: the interface language (saved to the profile, as the side menu's), the
 * theme (light, dark, or the system's; this browser), the alerts of this device
 * (`alerts-section.tsx`, docs/behaviour/notifications.md), and the user's own e-mail signature
 * (`own-signature-section.tsx`).
 */
export function PersonalizationScreen() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id: `personalization.${id}` }, values);
  const user = useCurrentUser();
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const locale = normalizeLocale(user?.locale) ?? (intl.locale as AppLocale);

  const chooseLocale = (next: string) => {
    const chosen = normalizeLocale(next);
    if (chosen && chosen !== locale)
      changeLocale(chosen).catch((error: unknown) => notifyError(error, 'shell.language.failed'));
  };
  return (
    <Stack p="lg" gap="lg" maw={760}>
      <div>
        <Title order={1} size="h2">
          {t('title')}
        </Title>
        <Text c="dimmed">{t('subtitle')}</Text>
      </div>

      <Section
        id="personalization-language"
        icon={<IconLanguage size={20} aria-hidden />}
        title={t('language')}
      >
        <SegmentedControl
          aria-labelledby="personalization-language"
          value={locale}
          onChange={chooseLocale}
          data={SUPPORTED_LOCALES.map((l) => ({ value: l, label: LOCALE_NAMES[l] }))}
          style={{ alignSelf: 'flex-start' }}
        />
      </Section>

      <Section id="personalization-theme" icon={<IconPalette size={20} aria-hidden />} title={t('theme')}>
        <SegmentedControl
          aria-labelledby="personalization-theme"
          value={colorScheme}
          onChange={(v) => setColorScheme(v)}
          data={[
            { value: 'light', label: t('theme.light') },
            { value: 'dark', label: t('theme.dark') },
            { value: 'auto', label: t('theme.system') },
          ]}
          style={{ alignSelf: 'flex-start' }}
        />
        <Text size="sm" c="dimmed">
          {t('theme.help')}
        </Text>
      </Section>

      <AlertsSection />

      <Section
        id="personalization-signature"
        icon={<IconSignature size={20} aria-hidden />}
        title={t('signature')}
      >
        <OwnSignatureSection />
      </Section>
    </Stack>
  );
}
