import type { ServiceNotice, ServiceStatus } from '@accueil/domain';
import type { IntlShape } from 'react-intl';

/** The interface locales a banner text exists in. */
type TextLocale = keyof ServiceStatus['bannerText'];

/**
 * The banner's sentences in the interface language: the operators' text for this locale (or the
 * status's own sentence when they left it blank), then the planned window with its start and end
 * in the reader's time zone.
 */
export function serviceStatusText(intl: IntlShape, status: ServiceStatus, notice: ServiceNotice): string[] {
  const locale = (intl.locale in status.bannerText ? intl.locale : 'fr-CA') as TextLocale;
  const own = status.bannerText[locale].trim();
  const lines = [own || intl.formatMessage({ id: `serviceStatus.default.${notice.status}` })];
  if (notice.window) {
    const when = (d: Date) => intl.formatDate(d, { dateStyle: 'full', timeStyle: 'short' });
    lines.push(
      notice.window.endsAt
        ? intl.formatMessage(
            { id: 'serviceStatus.window' },
            { start: when(notice.window.startsAt), end: when(notice.window.endsAt) },
          )
        : intl.formatMessage({ id: 'serviceStatus.windowOpen' }, { start: when(notice.window.startsAt) }),
    );
  }
  return lines;
}
