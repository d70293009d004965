import { APP_VERSION, MIN_SCREEN_WIDTH_PX } from '@accueil/domain';
import { Alert, Anchor, Group, Stack, Text, Title } from '@mantine/core';
import { IconClockExclamation, IconDeviceDesktop, IconLanguage, IconShieldLock } from '@tabler/icons-react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { FullPageLoader } from '../../components/full-page-loader';
import { Wordmark } from '../../components/wordmark';
import { normalizeLocale } from '../../lib/i18n';
import { usePageTitle } from '../../lib/page-title';
import { useRestoredSession } from '../../lib/session-restore';
import { LoginForm } from './login-form';
import classes from './login.module.css';
import { useSmallTouchDevice } from './use-small-touch-device';

/**
 * /login: sign-in with username and password, in fr-CA unless `?lang=en`; says the
 * session expired when `?expired=<timestamp>` is present, and warns small touch devices.
 * A language chosen here (`?lang=`) is an explicit choice: it is saved to the profile at
 * sign-in, so the app keeps speaking it. Restores an existing session (unless it just expired).
 * The footer says "encrypted connection" only when the page was loaded over https.
 */
export function LoginScreen() {
  const intl = useIntl();
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const { status, isSignedIn } = useRestoredSession({ skipRefresh: params.has('expired') });
  const smallTouch = useSmallTouchDevice();
  usePageTitle(intl.formatMessage({ id: 'login.pageTitle' }));
  const from = (location.state as { from?: string } | null)?.from;
  const target = from && from.startsWith('/') && !from.startsWith('/login') ? from : '/conversations';

  if (status === 'restoring') return <FullPageLoader />;
  if (isSignedIn) return <Navigate to={target} replace />;

  const english = intl.locale.startsWith('en');
  // Claim an encrypted connection only when the page really came over TLS.
  const encrypted = window.location.protocol === 'https:';
  const switched = new URLSearchParams(params);
  switched.set('lang', english ? 'fr' : 'en');

  return (
    <div className={classes.page}>
      <div className={classes.column}>
        <Stack align="center" gap={10}>
          <Wordmark size={44} />
          <Text c="dimmed" size="sm" className={classes.tagline}>
            <FormattedMessage id="login.tagline" />
          </Text>
        </Stack>
        <div className={classes.card}>
          <Stack gap="lg">
            <div>
              <Title order={1} fz={24} fw={650}>
                <FormattedMessage id="login.title" />
              </Title>
              <Text c="dimmed" size="sm" mt={4}>
                <FormattedMessage id="login.subtitle" />
              </Text>
            </div>
            {smallTouch && (
              <Alert
                color="orange"
                variant="light"
                icon={<IconDeviceDesktop size={18} />}
                title={intl.formatMessage({ id: 'login.smallScreen.title' })}
                data-testid="small-screen-alert"
              >
                <FormattedMessage id="login.smallScreen.body" values={{ width: MIN_SCREEN_WIDTH_PX }} />
              </Alert>
            )}
            {params.has('expired') && (
              <Alert
                color="yellow"
                variant="light"
                icon={<IconClockExclamation size={18} />}
                data-testid="session-expired"
              >
                <FormattedMessage id="login.expired" />
              </Alert>
            )}
            <LoginForm
              locale={normalizeLocale(params.get('lang'))}
              onSignedIn={() => void navigate(target, { replace: true })}
            />
          </Stack>
        </div>
        <div className={classes.footer}>
          <Group gap={6}>
            {encrypted && (
              <>
                <IconShieldLock size={14} />
                <span data-testid="login-encrypted">
                  <FormattedMessage id="login.secure" />
                </span>
                <span aria-hidden>·</span>
              </>
            )}
            <FormattedMessage id="login.footer" values={{ version: APP_VERSION }} />
          </Group>
          <Anchor
            component={Link}
            to={`/login?${switched.toString()}`}
            size="sm"
            fw={500}
            title={intl.formatMessage({ id: 'login.switchLanguageLabel' })}
            lang={english ? 'fr' : 'en'}
            data-testid="login-language"
          >
            <Group gap={4}>
              <IconLanguage size={14} />
              <FormattedMessage id="login.switchLanguage" />
            </Group>
          </Anchor>
        </div>
      </div>
    </div>
  );
}
