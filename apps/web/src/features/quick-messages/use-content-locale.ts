import { SUPPORTED_LOCALES, type ContentLocale } from '@accueil/domain';
import { useIntl } from 'react-intl';

/** The interface's locale as a quick-message locale (fr-CA when it is none of them). */
export function useInterfaceContentLocale(): ContentLocale {
  const { locale } = useIntl();
  return (SUPPORTED_LOCALES as readonly string[]).includes(locale) ? (locale as ContentLocale) : 'fr-CA';
}
