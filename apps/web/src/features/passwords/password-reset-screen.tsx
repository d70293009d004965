import { Alert, Button, Center, Loader } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { FormattedMessage, RawIntlProvider, useIntl } from 'react-intl';
import { Link, useSearchParams } from 'react-router';
import { intlFor, normalizeLocale } from '../../lib/i18n';
import { describeApiError } from './describe-api-error';
import { PasswordResetForm } from './password-reset-form';
import { PublicCard } from './public-card';
import { usePasswordLink } from './use-password-link';

/** The way out of a link that does not work: ask for a new one. */
function NewLinkButton() {
  return (
    <Button component={Link} to="/password-forgot" variant="light" fullWidth>
      <FormattedMessage id="passwords.reset.newLink" />
    </Button>
  );
}

/** The page once the server has said what the link is for: the form, then the confirmation. */
function ResetPage({ token }: { token: string }) {
  const intl = useIntl();
  const [savedFor, setSavedFor] = useState<string | null>(null);
  const link = usePasswordLink(token);
  const invitation = link.data?.purpose === 'invitation';
  const title = (
    <FormattedMessage id={invitation ? 'passwords.reset.inviteTitle' : 'passwords.reset.title'} />
  );

  if (link.isPending) {
    return (
      <PublicCard title={title}>
        <Center py="lg">
          <Loader />
        </Center>
      </PublicCard>
    );
  }
  if (link.isError) {
    return (
      <PublicCard title={title}>
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertCircle size={18} />}
          data-testid="reset-link-error"
        >
          {describeApiError(link.error, intl)}
        </Alert>
        <NewLinkButton />
      </PublicCard>
    );
  }
  if (savedFor !== null) {
    return (
      <PublicCard title={<FormattedMessage id="passwords.reset.doneTitle" />}>
        <Alert color="teal" variant="light" icon={<IconCircleCheck size={18} />} data-testid="reset-done">
          <FormattedMessage id="passwords.reset.done" values={{ username: savedFor }} />
        </Alert>
        <Button component={Link} to="/login" size="md" fullWidth data-autofocus>
          <FormattedMessage id="passwords.reset.signIn" />
        </Button>
      </PublicCard>
    );
  }
  return (
    <PublicCard
      title={title}
      intro={invitation ? <FormattedMessage id="passwords.reset.inviteIntro" /> : undefined}
    >
      <PasswordResetForm token={token} link={link.data} onDone={setSavedFor} />
    </PublicCard>
  );
}

/**
 * /password-reset?token=: choose a password with a mailed link (a reset, or an invitation's
 * first password). The page speaks the link's account's language unless `?lang=` says otherwise.
 */
export function PasswordResetScreen() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const link = usePasswordLink(token);
  const locale = normalizeLocale(params.get('lang')) ?? normalizeLocale(link.data?.locale);
  const page = token ? (
    <ResetPage token={token} />
  ) : (
    <PublicCard title={<FormattedMessage id="passwords.reset.title" />}>
      <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} data-testid="reset-link-error">
        <FormattedMessage id="passwords.reset.noToken" />
      </Alert>
      <NewLinkButton />
    </PublicCard>
  );
  return locale ? <RawIntlProvider value={intlFor(locale)}>{page}</RawIntlProvider> : page;
}
