import type { Locale } from '@accueil/domain';
import { Alert, Anchor, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { IconAlertCircle, IconLock, IconUser } from '@tabler/icons-react';
import { useRef, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { signIn } from '../../lib/session';
import { describeLoginError, describePasskeyError } from './login-error';

/** The form's fields. Each error message is a catalogue id. */
interface LoginValues {
  username: string;
  password: string;
}

type LoginErrors = Partial<Record<keyof LoginValues, string>>;

// Plain state rather than a form library or a zod schema: two required fields do not justify
// shipping either to the login page (its JavaScript budget). The username counts as given only
// with something besides spaces.
function validate(values: LoginValues): LoginErrors {
  const errors: LoginErrors = {};
  if (values.username.trim().length === 0) errors.username = 'login.required.username';
  if (values.password.length === 0) errors.password = 'login.required.password';
  return errors;
}

/**
 * Username + password form (POST auth/login). `locale`: the language explicitly chosen on
 * the login page, sent with the sign-in (null when none). Calls `onSignedIn` after success.
 */
export function LoginForm({ onSignedIn, locale = null }: { onSignedIn: () => void; locale?: Locale | null }) {
  const intl = useIntl();
  const [failure, setFailure] = useState<{ title: string; detail?: string } | null>(null);
  const [values, setValues] = useState<LoginValues>({ username: '', password: '' });
  const [errors, setErrors] = useState<LoginErrors>({});
  // As forms usually do: errors show from the first submit on, then follow each keystroke.
  const [submitted, setSubmitted] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const usernameRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const fieldError = (key: keyof LoginValues) => {
    const id = errors[key];
    return id ? intl.formatMessage({ id }) : undefined;
  };
  const change = (key: keyof LoginValues) => (event: { currentTarget: HTMLInputElement }) => {
    const next = { ...values, [key]: event.currentTarget.value };
    setValues(next);
    if (submitted) setErrors(validate(next));
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

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    setSubmitted(true);
    const found = validate(values);
    setErrors(found);
    if (found.username) return usernameRef.current?.focus();
    if (found.password) return passwordRef.current?.focus();
    setFailure(null);
    setSubmitting(true);
    try {
      await signIn(values.username.trim(), values.password, locale);
      onSignedIn();
    } catch (error) {
      setFailure(describeLoginError(error, intl));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Stack gap="md">
        {failure && (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertCircle size={18} />}
            title={failure.title}
            data-testid="login-error"
          >
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
          ref={usernameRef}
          name="username"
          value={values.username}
          onChange={change('username')}
        />
        <PasswordInput
          label={intl.formatMessage({ id: 'login.password' })}
          placeholder={intl.formatMessage({ id: 'login.passwordPlaceholder' })}
          autoComplete="current-password"
          size="md"
          leftSection={<IconLock size={17} />}
          error={fieldError('password')}
          ref={passwordRef}
          name="password"
          value={values.password}
          onChange={change('password')}
        />
        <Group justify="flex-end" mt={-6}>
          <Anchor component={Link} to="/password-forgot" size="sm">
            <FormattedMessage id="login.forgot" />
          </Anchor>
        </Group>
        <Button type="submit" size="md" fullWidth loading={submitting} data-testid="login-submit">
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
