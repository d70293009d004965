import type { Locale } from '@accueil/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { IconAlertCircle, IconLock, IconUser } from '@tabler/icons-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { z } from 'zod';
import { signIn } from '../../lib/session';
import { describeLoginError } from './login-error';

const schema = z.object({
  username: z.string().trim().min(1, 'login.required.username'),
  password: z.string().min(1, 'login.required.password'),
});
type LoginValues = z.infer<typeof schema>;

/**
 * Username + password form (§7 POST auth/login). `locale`: the language explicitly chosen on
 * the login page, sent with the sign-in (null when none). Calls `onSignedIn` after success.
 */
export function LoginForm({ onSignedIn, locale = null }: { onSignedIn: () => void; locale?: Locale | null }) {
  const intl = useIntl();
  const [failure, setFailure] = useState<{ title: string; detail?: string } | null>(null);
  const { register, handleSubmit, formState } = useForm<LoginValues>({
    resolver: zodResolver(schema),
    defaultValues: { username: '', password: '' },
  });
  const fieldError = (key: keyof LoginValues) => {
    const id = formState.errors[key]?.message;
    return id ? intl.formatMessage({ id }) : undefined;
  };

  const submit = handleSubmit(async ({ username, password }) => {
    setFailure(null);
    try {
      await signIn(username, password, locale);
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
          {...register('username')}
        />
        <PasswordInput
          label={intl.formatMessage({ id: 'login.password' })}
          placeholder={intl.formatMessage({ id: 'login.passwordPlaceholder' })}
          autoComplete="current-password"
          size="md"
          leftSection={<IconLock size={17} />}
          error={fieldError('password')}
          {...register('password')}
        />
        <Group justify="flex-end" mt={-6}>
          <Anchor component={Link} to="/password-forgot" size="sm">
            <FormattedMessage id="login.forgot" />
          </Anchor>
        </Group>
        <Button type="submit" size="md" fullWidth loading={formState.isSubmitting} data-testid="login-submit">
          <FormattedMessage id="login.submit" />
        </Button>
      </Stack>
    </form>
  );
}
