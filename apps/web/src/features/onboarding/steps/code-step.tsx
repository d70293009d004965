import type { CheckInvitationCodeRequest } from '@accueil/domain';
import { Stack, Text, TextInput } from '@mantine/core';
import type { UseFormReturn } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import { FormError, useErrorText } from '../../../lib/forms';
import classes from '../onboarding.module.css';

/**
 * Step 1: the invitation code devops gave the clinic, the wizard's code form. An empty code is
 * required; the server's refusal (`invitation-code-invalid`) is said under the field, any other
 * (too many attempts, no network) above it.
 */
export function CodeStep({ form }: { form: UseFormReturn<CheckInvitationCodeRequest> }) {
  const intl = useIntl();
  const text = useErrorText();
  const issue = form.formState.errors.code;
  const issueText =
    issue &&
    (issue.type === 'server'
      ? text(issue.message)
      : intl.formatMessage({
          id: issue.type === 'too_small' ? 'onboarding.issue.required' : 'onboarding.issue.invalid',
        }));
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        <FormattedMessage id="onboarding.code.intro" />
      </Text>
      <FormError errors={form.formState.errors} />
      <TextInput
        label={intl.formatMessage({ id: 'onboarding.code.label' })}
        description={intl.formatMessage({ id: 'onboarding.code.hint' })}
        error={issueText}
        required
        autoFocus
        autoComplete="off"
        classNames={{ input: classes.codeInput }}
        data-testid="invitation-code"
        {...form.register('code')}
      />
    </Stack>
  );
}
