import type { Locale } from '@accueil/domain';
import { Alert, Anchor, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { IconAlertCircle, IconLock, IconUser } from '@tabler/icons-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { signIn } from '../../lib/session';
import { describeLoginError, describePasskeyError } from './login-error';

/** The form's fields. Each error message is a catalogue id. */
interface LoginValues {
  username: string;
  password: string;
}

// Plain rules rather than a zod schema: two required fields do not justify shipping zod to the
// login page. The username counts as given only with something besides spaces.
const RULES = {
  username: { validate: (v: string) => v.trim().length > 0 || 'login.required.username' },
  password: { validate: (v: string) => v.length > 0 || 'login.required.password' },
};

/**
 * Username + password form (POST auth/login). `locale`: the language explicitly chosen on
 * the login page, sent with the sign-in (null when none). Calls `onSignedIn` after success.
 */
export function LoginForm({ onSignedIn, locale = null }: { onSignedIn: () => void; locale?: Locale | null }) {
  const intl = useIntl();
  const [failure, setFailure] = useState<{ title: string; detail?: string } | null>(null);
  const { register, handleSubmit, formState } = useForm<LoginValues>({
    defaultValues: { username: '', password: '' },
  });
  const fieldError = (key: keyof LoginValues) => {
    const id = formState.errors[key]?.message;
    return id ? intl.formatMessage({ id }) : undefined;
  };

  const [passkeyBusy, setPasskeyBusy] = useState(false);
  const signInWithPasskey = async () => {
    setFailure(null);
    setPasskeyBusy(true);
    try {
      // Loaded on click: the login page's budget leaves the WebAuthn library out.
      const passkey = await import('./passkey-sign-in');
      await passkey.signInWithPasskey(locale);
      onSignedIn();
    } catch (error) {
      setFailure(describePasskeyError(error, intl));
    } finally {
      setPasskeyBusy(false);
    }
  };

  const submit = handleSubmit(async ({ username, password }) => {
    setFailure(null);
    try {
      await signIn(username.trim(), password, locale);
      onSignedIn();
    } catch (error) {
      setFailure(describeLoginError(error, intl));
    }
  });

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Stack gap="md">
        {failure && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title={failure.title} data-testid="login-error">
            {failure.detail}
          </Alert>
        )}
        <TextInput
          label={intl.formatMessage({ id: 'login.username' })}
          placeholder={intl.formatMessage({ id: 'login.usernamePlaceholder' })}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          size="md"
          leftSection={<IconUser size={17} />}
          error={fieldError('username')}
          data-autofocus
          autoFocus
          {...register('username', RULES.username)}
        />
        <PasswordInput
          label={intl.formatMessage({ id: 'login.password' })}
          placeholder={intl.formatMessage({ id: 'login.passwordPlaceholder' })}
          autoComplete="current-password"
          size="md"
          leftSection={<IconLock size={17} />}
          error={fieldError('password')}
          {...register('password', RULES.password)}
        />
        <Group justify="flex-end" mt={-6}>
          <Anchor component={Link} to="/password-forgot" size="sm">
            <FormattedMessage id="login.forgot" />
          </Anchor>
        </Group>
        <Button type="submit" size="md" fullWidth loading={formState.isSubmitting} data-testid="login-submit">
          <FormattedMessage id="login.submit" />
        </Button>
        <Button
          variant="default"
          size="md"
          fullWidth
          loading={passkeyBusy}
          onClick={() => void signInWithPasskey()}
          data-testid="login-passkey"
        >
          <FormattedMessage id="login.passkey" />
        </Button>
      </Stack>
    </form>
  );
}
