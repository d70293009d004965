import { APP_VERSION } from '@accueil/domain';
import { Anchor, Group, Stack, Text, Title } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useSearchParams } from 'react-router';
import { Wordmark } from '../../components/wordmark';
import classes from './onboarding.module.css';

/**
 * The onboarding page around the wizard: the wordmark and the link to the other language (which
 * reloads the page keeping the invitation `code` typed so far), the card with the wizard's title,
 * and the footer (version, link to the sign-in).
 */
export function OnboardingPage({ code, children }: { code: string; children: ReactNode }) {
  const intl = useIntl();
  const [params] = useSearchParams();
  const english = intl.locale.startsWith('en');
  const switched = new URLSearchParams(params);
  switched.set('lang', english ? 'fr' : 'en');
  if (code) switched.set('code', code);
  return (
    <main className={classes.page}>
      <div className={classes.column}>
        <Group justify="space-between" className={classes.header}>
          <Wordmark size={36} />
          <Anchor
            component={Link}
            to={`/onboarding?${switched.toString()}`}
            reloadDocument
            size="sm"
            fw={500}
            lang={english ? 'fr' : 'en'}
            data-testid="onboarding-language"
          >
            <Group gap={4}>
              <IconLanguage size={14} />
              <FormattedMessage id="login.switchLanguage" />
            </Group>
          </Anchor>
        </Group>
        <div className={classes.card}>
          <Stack gap="lg">
            <div>
              <Title order={1} fz={24} fw={650}>
                <FormattedMessage id="onboarding.title" />
              </Title>
              <Text c="dimmed" size="sm" mt={4}>
                <FormattedMessage id="onboarding.subtitle" />
              </Text>
            </div>
            {children}
          </Stack>
        </div>
        <Group justify="space-between" className={classes.footer}>
          <FormattedMessage id="login.footer" values={{ version: APP_VERSION }} />
          <Anchor component={Link} to="/login" size="sm">
            <FormattedMessage id="onboarding.haveAccount" />
          </Anchor>
        </Group>
      </div>
    </main>
  );
}
