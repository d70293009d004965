import { Stack, Text, Title } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import { type OnboardingDraft } from '../onboarding-draft';

/** The last step: what will be created, before creating it. */
export function ReviewStep({ draft }: { draft: OnboardingDraft }) {
  const intl = useIntl();
  const name = draft.clinic.name[draft.clinic.locale] || Object.values(draft.clinic.name).find(Boolean) || '';
  const openDays = draft.schedule.filter((d) => d.enabled).length;
  return (
    <Stack gap="xs">
      <Title order={3} size="h4">
        {name}
      </Title>
      <Text size="sm">
        <FormattedMessage
          id="onboarding.review.teams"
          values={{ count: draft.teams.length, list: draft.teams.map((t) => t.label).join(', ') }}
        />
      </Text>
      <Text size="sm">
        <FormattedMessage
          id="onboarding.review.users"
          values={{
            count: draft.users.length,
            admin: `${draft.users[0]?.firstName ?? ''} ${draft.users[0]?.lastName ?? ''}`.trim(),
          }}
        />
      </Text>
      <Text size="sm">
        <FormattedMessage id="onboarding.review.schedule" values={{ days: openDays }} />
      </Text>
      <Text size="sm" c="dimmed">
        {intl.formatMessage({ id: 'onboarding.review.after' })}
      </Text>
    </Stack>
  );
}
