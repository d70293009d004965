import { Stack, Text, TextInput } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import classes from '../onboarding.module.css';
import { type StepProps, errorOf } from './step-props';

/** Step 1: the invitation code devops gave the clinic. */
export function CodeStep({ draft, change, issues, serverError }: StepProps & { serverError: string | null }) {
  const intl = useIntl();
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        <FormattedMessage id="onboarding.code.intro" />
      </Text>
      <TextInput
        label={intl.formatMessage({ id: 'onboarding.code.label' })}
        description={intl.formatMessage({ id: 'onboarding.code.hint' })}
        value={draft.invitationCode}
        onChange={(e) => change({ ...draft, invitationCode: e.currentTarget.value })}
        error={serverError ?? errorOf(intl, issues, 'invitationCode')}
        required
        autoFocus
        autoComplete="off"
        classNames={{ input: classes.codeInput }}
        data-testid="invitation-code"
      />
    </Stack>
  );
}
