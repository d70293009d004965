import {
  QUEUE_KEYS,
  QUEUE_MESSAGE_MAX_CHARS,
  QUEUE_REPEAT_PAUSE_MAX_S,
  QUEUE_REPEAT_PAUSE_MIN_S,
  updatePhoneSettingsRequestSchema,
  type OrganizationSettings,
  type PhoneSettings,
  type TeamConfig,
  type UpdatePhoneSettingsRequest,
} from '@accueil/domain';
import {
  Button,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Text,
  Textarea,
} from '@mantine/core';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { issuesOfApiError, issuesOfZod, type FieldIssues } from '../field-issues';
import { issueText } from './phone-issues';
import { Section } from './section';
import { useSaveCallSettings } from './use-phones';

type TeamQueueChoice = 'follow' | 'on' | 'off';

/** What the calls and queue form edits: the phone settings' part and the organisation's call options. */
type Draft = {
  incomingCallsEnabled: boolean;
  webCallsEnabled: boolean;
  queueEnabled: boolean;
  queueNotification: boolean;
  queueMessage: string;
  queueRepeatPauseSeconds: number | string;
  teamQueues: Record<string, TeamQueueChoice>;
};

function draftOf(
  phone: PhoneSettings,
  organization: OrganizationSettings,
  teams: readonly TeamConfig[],
): Draft {
  const own = new Map(phone.teamQueues.map((q) => [q.teamId, q.enabled]));
  return {
    incomingCallsEnabled: phone.incomingCallsEnabled,
    webCallsEnabled: organization.options.twilio.webCallsEnabled,
    queueEnabled: organization.options.voiceQueue.enabled,
    queueNotification: organization.options.voiceQueue.notification,
    queueMessage: phone.queueMessage ?? '',
    queueRepeatPauseSeconds: phone.queueRepeatPauseSeconds,
    teamQueues: Object.fromEntries(
      teams.map((t) => [t.id, own.has(t.id) ? (own.get(t.id) ? 'on' : 'off') : 'follow']),
    ),
  };
}

/** The phone settings' part of the draft, as `PUT /api/phone-settings` takes it (the team switches that changed only). */
export function phoneRequestOf(draft: Draft, saved: PhoneSettings): UpdatePhoneSettingsRequest {
  const own = new Map(saved.teamQueues.map((q) => [q.teamId, q.enabled]));
  const teamQueues = Object.entries(draft.teamQueues)
    .map(([teamId, choice]) => ({ teamId, enabled: choice === 'follow' ? null : choice === 'on' }))
    .filter((q) => (own.has(q.teamId) ? own.get(q.teamId) : null) !== q.enabled);
  return {
    incomingCallsEnabled: draft.incomingCallsEnabled,
    queueMessage: draft.queueMessage,
    queueRepeatPauseSeconds:
      typeof draft.queueRepeatPauseSeconds === 'number' ? draft.queueRepeatPauseSeconds : Number.NaN,
    ...(teamQueues.length > 0 ? { teamQueues } : {}),
  };
}

/**
 * Incoming and web calls, and the queue: the organisation's switch and notification, each team's
 * own switch (or follow the organisation), the message a waiting caller hears and the pause before
 * it repeats. Web calls and the queue's switches are the organisation's options (saved with
 * `PUT /api/organizations`), the rest the phone settings.
 */
export function CallsSection({
  phone,
  organization,
  teams,
}: {
  phone: PhoneSettings;
  organization: OrganizationSettings;
  teams: readonly TeamConfig[];
}) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id: `phones.${id}` }, values);
  const [draft, setDraft] = useState(() => draftOf(phone, organization, teams));
  const [serverIssues, setServerIssues] = useState<FieldIssues>({});
  const request = phoneRequestOf(draft, phone);
  const parsed = updatePhoneSettingsRequestSchema.safeParse(request);
  const issues = { ...serverIssues, ...(parsed.success ? {} : issuesOfZod(parsed.error)) };
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => {
    setDraft((d) => ({ ...d, [key]: value }));
    setServerIssues((s) => Object.fromEntries(Object.entries(s).filter(([path]) => path !== key)));
  };

  const save = useSaveCallSettings(organization);
  const submit = () => {
    const options = organization.options;
    const optionsChanged =
      draft.webCallsEnabled !== options.twilio.webCallsEnabled ||
      draft.queueEnabled !== options.voiceQueue.enabled ||
      draft.queueNotification !== options.voiceQueue.notification;
    const change = {
      options: optionsChanged
        ? {
            twilio: { webCallsEnabled: draft.webCallsEnabled },
            voiceQueue: { enabled: draft.queueEnabled, notification: draft.queueNotification },
          }
        : null,
      phone: request,
    };
    save.mutate(change, {
      onSuccess: (saved) => {
        setDraft(draftOf(saved.phone, saved.organization, teams));
        setServerIssues({});
      },
      onError: (error) => setServerIssues(issuesOfApiError(error)),
    });
  };

  const pauseIssue = issueText(intl, issues, 'queueRepeatPauseSeconds', {
    min: QUEUE_REPEAT_PAUSE_MIN_S,
    max: QUEUE_REPEAT_PAUSE_MAX_S,
  });
  return (
    <Section id="phones-calls" title={t('calls.title')} intro={t('calls.intro')}>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (parsed.success) submit();
        }}
      >
        <Stack gap="lg">
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" verticalSpacing="lg">
            <Switch
              label={t('calls.incoming')}
              description={t('calls.incoming.help')}
              checked={draft.incomingCallsEnabled}
              onChange={(e) => set('incomingCallsEnabled', e.currentTarget.checked)}
            />
            <Switch
              label={t('calls.web')}
              description={t('calls.web.help')}
              checked={draft.webCallsEnabled}
              onChange={(e) => set('webCallsEnabled', e.currentTarget.checked)}
            />
            <Switch
              label={t('queue.enabled')}
              description={t('queue.enabled.help')}
              checked={draft.queueEnabled}
              onChange={(e) => set('queueEnabled', e.currentTarget.checked)}
            />
            <Switch
              label={t('queue.notification')}
              description={t('queue.notification.help')}
              checked={draft.queueNotification}
              onChange={(e) => set('queueNotification', e.currentTarget.checked)}
            />
          </SimpleGrid>
          <Textarea
            label={t('queue.message')}
            description={t('queue.message.help', {
              callback: QUEUE_KEYS.callbackText,
              voicemail: QUEUE_KEYS.voicemail,
            })}
            autosize
            minRows={2}
            maxRows={5}
            maxLength={QUEUE_MESSAGE_MAX_CHARS}
            value={draft.queueMessage}
            error={issueText(intl, issues, 'queueMessage', { max: QUEUE_MESSAGE_MAX_CHARS })}
            onChange={(e) => set('queueMessage', e.currentTarget.value)}
          />
          <NumberInput
            label={t('queue.pause')}
            description={t('queue.pause.help', {
              min: QUEUE_REPEAT_PAUSE_MIN_S,
              max: QUEUE_REPEAT_PAUSE_MAX_S,
            })}
            suffix={` ${t('seconds')}`}
            min={QUEUE_REPEAT_PAUSE_MIN_S}
            max={QUEUE_REPEAT_PAUSE_MAX_S}
            allowDecimal={false}
            allowNegative={false}
            clampBehavior="none"
            w={260}
            value={draft.queueRepeatPauseSeconds}
            error={pauseIssue}
            onChange={(v) => set('queueRepeatPauseSeconds', v)}
          />
          {teams.length > 0 && (
            <div>
              <Text fw={500} size="sm" id="phones-team-queues">
                {t('queue.teams')}
              </Text>
              <Text size="xs" c="dimmed" mb="xs">
                {t('queue.teams.help')}
              </Text>
              <Table aria-labelledby="phones-team-queues" verticalSpacing={6} maw={560}>
                <Table.Tbody>
                  {teams.map((team) => (
                    <Table.Tr key={team.id}>
                      <Table.Td>{team.label}</Table.Td>
                      <Table.Td w={260}>
                        <Select
                          aria-label={t('queue.teamSwitch', { team: team.label })}
                          allowDeselect={false}
                          value={draft.teamQueues[team.id] ?? 'follow'}
                          onChange={(v) => v && set('teamQueues', { ...draft.teamQueues, [team.id]: v })}
                          data={[
                            { value: 'follow', label: t('queue.team.follow') },
                            { value: 'on', label: t('queue.team.on') },
                            { value: 'off', label: t('queue.team.off') },
                          ]}
                        />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </div>
          )}
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending} disabled={!parsed.success}>
              {t('calls.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Section>
  );
}
