import { GREETING_SOURCES, type VoicemailGreeting, type VoicemailKind } from '@accueil/domain';
import { Badge, Button, Group, Paper, SegmentedControl, Stack, Switch, Text, Title } from '@mantine/core';
import { useIntl } from 'react-intl';
import { GreetingAudio } from './greeting-audio';
import { GreetingText } from './greeting-text';
import { useGreeting } from './use-greeting';

/**
 * The greeting of one period (`kind`) for the organisation (`teamId` null) or a team: on or
 * off, its source (text, file or recording) and what that source needs, saved with its button;
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
  const { kind, teamId, own, save, follow } = greeting;
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
        <Switch
          label={t('greetings.enabled')}
          description={t('greetings.enabled.help')}
          checked={greeting.enabled}
          onChange={(e) => greeting.setEnabled(e.currentTarget.checked)}
        />
        <div>
          <Text size="sm" fw={500} id={`${titleId}-source`} mb={4}>
            {t('greetings.source')}
          </Text>
          <SegmentedControl
            aria-labelledby={`${titleId}-source`}
            value={greeting.source}
            onChange={greeting.setSource}
            data={GREETING_SOURCES.map((s) => ({ value: s, label: t(`source.${s}`) }))}
            fullWidth
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
          <Button loading={save.isPending} onClick={() => save.mutate()}>
            {t(teamId && !own ? 'greetings.saveForTeam' : 'greetings.save')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
