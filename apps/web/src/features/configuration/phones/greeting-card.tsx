import { GREETING_SOURCES, type VoicemailGreeting, type VoicemailKind } from '@accueil/domain';
import { Badge, Button, Group, Paper, SegmentedControl, Stack, Switch, Text, Title } from '@mantine/core';
import { Controller } from 'react-hook-form';
import { useIntl } from 'react-intl';
import { GreetingAudio } from './greeting-audio';
import { GreetingText } from './greeting-text';
import { useGreeting } from './use-greeting';

/**
 * The greeting of one period (`kind`) for the organisation (`teamId` null) or a team: on or
 * off, its source (text, file or recording) and what that source needs, saved with its button
 * (a form of `useGreeting`'s, though not an HTML form: the cards sit side by side in one section);
 * a team's own greeting can be dropped to follow the organisation's again.
 */
export function GreetingCard(props: {
  kind: VoicemailKind;
  teamId: string | null;
  own: VoicemailGreeting | null;
  organization: VoicemailGreeting | null;
}) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id: `phones.${id}` });
  const greeting = useGreeting(props);
  const { kind, teamId, own, follow } = greeting;
  const titleId = `greeting-${kind}`;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Title order={4} size="h6" id={titleId}>
            {t(`kind.${kind}`)}
          </Title>
          {teamId && !own && (
            <Badge variant="light" color="gray" tt="none">
              {t('greetings.followsOrganization')}
            </Badge>
          )}
        </Group>
        <Controller
          control={greeting.form.control}
          name="enabled"
          render={({ field }) => (
            <Switch
              label={t('greetings.enabled')}
              description={t('greetings.enabled.help')}
              name={field.name}
              ref={field.ref}
              checked={field.value}
              onChange={(e) => field.onChange(e.currentTarget.checked)}
              onBlur={field.onBlur}
            />
          )}
        />
        <div>
          <Text size="sm" fw={500} id={`${titleId}-source`} mb={4}>
            {t('greetings.source')}
          </Text>
          <Controller
            control={greeting.form.control}
            name="source"
            render={({ field }) => (
              <SegmentedControl
                aria-labelledby={`${titleId}-source`}
                name={field.name}
                value={field.value}
                onChange={field.onChange}
                data={GREETING_SOURCES.map((s) => ({ value: s, label: t(`source.${s}`) }))}
                fullWidth
              />
            )}
          />
        </div>
        {greeting.source === 'TTS' ? (
          <GreetingText greeting={greeting} />
        ) : (
          <GreetingAudio greeting={greeting} />
        )}
        <Group justify="flex-end" gap="xs">
          {own && (
            <Button variant="default" loading={follow.isPending} onClick={() => follow.mutate(own.id)}>
              {t(teamId ? 'greetings.follow' : 'greetings.reset')}
            </Button>
          )}
          <Button loading={greeting.form.formState.isSubmitting} onClick={() => void greeting.submit()}>
            {t(teamId && !own ? 'greetings.saveForTeam' : 'greetings.save')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
