import { useIntl } from 'react-intl';
import { usePageTitle } from '../lib/page-title';

/**
 * The document title of a route: "<screen name> · Accueil" in the interface language
 * (`common.pageTitle` with the message `id` as the name). Renders nothing.
 */
export function ScreenTitle({ id }: { id: string }) {
  const intl = useIntl();
  usePageTitle(intl.formatMessage({ id: 'common.pageTitle' }, { page: intl.formatMessage({ id }) }));
  return null;
}
