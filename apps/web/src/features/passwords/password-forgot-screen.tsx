import {
  forgotPasswordRequestSchema,
  PASSWORD_RESET_LINK_TTL_MS,
  type ForgotPasswordRequest,
} from '@accueil/domain';
import { Alert, Button, Stack, TextInput } from '@mantine/core';
import { IconMailForward, IconUser } from '@tabler/icons-react';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { applyServerError, FormError, useErrorText, useZodForm } from '../../lib/forms';
import { PublicCard } from './public-card';
import { useRequestPasswordReset } from './use-passwords';

/**
 * /password-forgot: asks for a username or an e-mail address (the domain's
 * `forgotPasswordRequestSchema`) and has a reset link mailed. The answer never tells whether an
 * account matched (the server answers the same either way); a refusal (429 with its delay) shows
 * above the button.
 */
export function PasswordForgotScreen() {
  const intl = useIntl();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const send = useRequestPasswordReset();
  const form = useZodForm<ForgotPasswordRequest>(forgotPasswordRequestSchema, {
    defaultValues: { login: '' },
  });
  const text = useErrorText();
  const loginError = form.formState.errors.login;
  // The schema's issues (empty, too long) and the server's untranslated ones all ask for a login;
  // a server code with its own text (`error.<code>`) says it.
  const loginText = (message?: string) => {
    const said = text(message);
    return said && said !== message ? said : intl.formatMessage({ id: 'passwords.forgot.required' });
  };

  // The schema trims: `login` is what is sent and shown back.
  const submit = form.handleSubmit(async ({ login }) => {
    try {
      await send.mutateAsync({ login });
      setSentTo(login);
    } catch (error) {
      applyServerError(form.setError, error, { fields: ['login'] });
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
            <FormError errors={form.formState.errors} testId="forgot-error" />
            <TextInput
              label={intl.formatMessage({ id: 'passwords.forgot.login' })}
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              size="md"
              leftSection={<IconUser size={17} />}
              error={loginError && loginText(loginError.message)}
              autoFocus
              {...form.register('login')}
            />
            <Button type="submit" size="md" fullWidth loading={form.formState.isSubmitting}>
              <FormattedMessage id="passwords.forgot.submit" />
            </Button>
          </Stack>
        </form>
      )}
    </PublicCard>
  );
}
