import { PASSWORD_RESET_LINK_TTL_MS } from '@accueil/domain';
import { Alert, Button, Stack, TextInput } from '@mantine/core';
import { IconAlertCircle, IconMailForward, IconUser } from '@tabler/icons-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import { describeApiError } from './describe-api-error';
import { PublicCard } from './public-card';
import { requestPasswordReset } from './api';

/**
 * /password-forgot: asks for a username or an e-mail address and has a reset link mailed. The
 * answer never tells whether an account matched (the server answers the same either way).
 */
export function PasswordForgotScreen() {
  const intl = useIntl();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<{ login: string }>({ defaultValues: { login: '' } });

  const submit = handleSubmit(async ({ login }) => {
    setFailure(null);
    try {
      await requestPasswordReset(login.trim());
      setSentTo(login.trim());
    } catch (error) {
      setFailure(describeApiError(error, intl));
    }
  });

  return (
    <PublicCard
      title={<FormattedMessage id="passwords.forgot.title" />}
      intro={sentTo === null && <FormattedMessage id="passwords.forgot.intro" />}
    >
      {sentTo !== null ? (
        <Alert
          color="teal"
          variant="light"
          icon={<IconMailForward size={18} />}
          title={intl.formatMessage({ id: 'passwords.forgot.sentTitle' })}
          data-testid="forgot-sent"
        >
          <FormattedMessage
            id="passwords.forgot.sent"
            values={{ login: sentTo, minutes: PASSWORD_RESET_LINK_TTL_MS / 60_000 }}
          />
        </Alert>
      ) : (
        <form onSubmit={(e) => void submit(e)} noValidate>
          <Stack gap="md">
            {failure && (
              <Alert
                color="red"
                variant="light"
                icon={<IconAlertCircle size={18} />}
                data-testid="forgot-error"
              >
                {failure}
              </Alert>
            )}
            <TextInput
              label={intl.formatMessage({ id: 'passwords.forgot.login' })}
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              size="md"
              leftSection={<IconUser size={17} />}
              error={formState.errors.login && intl.formatMessage({ id: 'passwords.forgot.required' })}
              autoFocus
              {...register('login', { validate: (v) => v.trim().length > 0 })}
            />
            <Button type="submit" size="md" fullWidth loading={formState.isSubmitting}>
              <FormattedMessage id="passwords.forgot.submit" />
            </Button>
          </Stack>
        </form>
      )}
    </PublicCard>
  );
}
