import {
  resetPasswordRequestSchema,
  type PasswordTokenInfo,
  type ResetPasswordRequest,
} from '@accueil/domain';
import { Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { IconLock, IconUser } from '@tabler/icons-react';
import { useWatch } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import { applyServerError, FormError, useErrorText, useZodForm } from '../../lib/forms';
import { PasswordRules } from './password-rules';
import { useSetPasswordWithLink } from './use-passwords';

/**
 * The new password and its confirmation, for the link's account (its username shown, and given
 * to password managers), checked with the domain's `resetPasswordRequestSchema` (the link's token
 * rides along as a value of the form). Each broken rule has its own message
 * (`passwords.error.<rule>`), the server's as the browser's; the rules list ticks off as the
 * password is typed. Any other refusal shows above the fields. `onDone` receives the username
 * once the password is saved.
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
  const save = useSetPasswordWithLink();
  const form = useZodForm<ResetPasswordRequest>(resetPasswordRequestSchema, {
    defaultValues: { token, password: '', confirmation: '' },
  });
  const password = useWatch({ control: form.control, name: 'password' });
  const text = useErrorText('passwords.error');
  const errors = form.formState.errors;

  const submit = form.handleSubmit(async (values) => {
    try {
      onDone((await save.mutateAsync(values)).username);
    } catch (error) {
      applyServerError(form.setError, error, { fields: ['password', 'confirmation'] });
    }
  });

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Stack gap="md">
        <FormError errors={errors} testId="reset-error" />
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
          error={text(errors.password?.message)}
          aria-describedby="password-rules"
          autoFocus
          {...form.register('password')}
        />
        <PasswordRules password={password} id="password-rules" />
        <PasswordInput
          label={intl.formatMessage({ id: 'passwords.reset.confirmation' })}
          autoComplete="new-password"
          size="md"
          leftSection={<IconLock size={17} />}
          error={text(errors.confirmation?.message)}
          {...form.register('confirmation')}
        />
        <Button
          type="submit"
          size="md"
          fullWidth
          loading={form.formState.isSubmitting}
          data-testid="reset-submit"
        >
          <FormattedMessage id="passwords.reset.submit" />
        </Button>
      </Stack>
    </form>
  );
}
