import { passwordIssues, type PasswordTokenInfo } from '@accueil/domain';
import { Alert, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { IconAlertCircle, IconLock, IconUser } from '@tabler/icons-react';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import { ApiError } from '../../lib/api';
import { setPasswordWithLink } from './api';
import { describeApiError } from './describe-api-error';
import { PasswordRules } from './password-rules';

type Values = { password: string; confirmation: string };

/** The server's field issues of a 400 `validation-failed` (`{ path, message }`, the message a rule's key). */
function fieldIssues(error: unknown): { path: string; message: string }[] {
  if (!(error instanceof ApiError) || error.code !== 'validation-failed' || !Array.isArray(error.details))
    return [];
  return (error.details as { path?: unknown; message?: unknown }[]).flatMap((d) =>
    typeof d.path === 'string' && typeof d.message === 'string' ? [{ path: d.path, message: d.message }] : [],
  );
}

/**
 * The new password and its confirmation, for the link's account (its username shown, and given
 * to password managers). Each broken rule has its own message; the rules list ticks off as the
 * password is typed. `onDone` receives the username once the password is saved.
 */
export function PasswordResetForm({
  token,
  link,
  onDone,
}: {
  token: string;
  link: PasswordTokenInfo;
  onDone: (username: string) => void;
}) {
  const intl = useIntl();
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit, formState, control, setError } = useForm<Values>({
    defaultValues: { password: '', confirmation: '' },
  });
  const password = useWatch({ control, name: 'password' });
  const message = (key: keyof Values) => {
    const id = formState.errors[key]?.message;
    return id ? intl.formatMessage({ id: `passwords.error.${id}` }) : undefined;
  };

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      onDone((await setPasswordWithLink(token, values.password, values.confirmation)).username);
    } catch (error) {
      const issues = fieldIssues(error);
      for (const issue of issues)
        if (issue.path === 'password' || issue.path === 'confirmation')
          setError(issue.path, { message: issue.message });
      if (issues.length === 0) setFailure(describeApiError(error, intl));
    }
  });

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Stack gap="md">
        {failure && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} data-testid="reset-error">
            {failure}
          </Alert>
        )}
        <TextInput
          label={intl.formatMessage({ id: 'passwords.reset.username' })}
          value={link.username}
          readOnly
          variant="filled"
          autoComplete="username"
          leftSection={<IconUser size={17} />}
          size="md"
        />
        <PasswordInput
          label={intl.formatMessage({ id: 'passwords.reset.password' })}
          autoComplete="new-password"
          size="md"
          leftSection={<IconLock size={17} />}
          error={message('password')}
          aria-describedby="password-rules"
          autoFocus
          {...register('password', { validate: (v) => passwordIssues(v)[0] ?? true })}
        />
        <PasswordRules password={password} id="password-rules" />
        <PasswordInput
          label={intl.formatMessage({ id: 'passwords.reset.confirmation' })}
          autoComplete="new-password"
          size="md"
          leftSection={<IconLock size={17} />}
          error={message('confirmation')}
          {...register('confirmation', {
            validate: (v, all) => v === all.password || 'password-does-not-match',
          })}
        />
        <Button type="submit" size="md" fullWidth loading={formState.isSubmitting} data-testid="reset-submit">
          <FormattedMessage id="passwords.reset.submit" />
        </Button>
      </Stack>
    </form>
  );
}
