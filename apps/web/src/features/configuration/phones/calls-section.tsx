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
import { Button, Group, NumberInput, Select, SimpleGrid, Stack, Table, Text, Textarea } from '@mantine/core';
import { useMemo } from 'react';
import { Controller } from 'react-hook-form';
import { useIntl } from 'react-intl';
import type { z } from 'zod';
import {
  applyServerError,
  numberOf,
  requestCheckedSchema,
  SwitchField,
  useZodForm,
} from '../../../lib/forms';
import { phoneIssueText } from './phone-issues';
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
    queueRepeatPauseSeconds: numberOf(draft.queueRepeatPauseSeconds),
    ...(teamQueues.length > 0 ? { teamQueues } : {}),
  };
}

/** The calls form's schema: its values pass when their phone settings' part passes the request schema. */
function callsSchema(saved: PhoneSettings): z.ZodType<Draft, Draft> {
  return requestCheckedSchema<Draft>(updatePhoneSettingsRequestSchema, (draft) =>
    phoneRequestOf(draft, saved),
  );
}

/**
 * Incoming and web calls, and the queue: the organisation's switch and notification, each team's
 * own switch (or follow the organisation), the message a waiting caller hears and the pause before
 * it repeats. Web calls and the queue's switches are the organisation's options (saved with
 * `PUT /api/organizations`), the rest the phone settings. A value out of bounds is said as it is
 * typed (the save button waits for a valid form); a refusal is a toast and, when it names a
 * field, that field's message.
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
  const schema = useMemo(() => callsSchema(phone), [phone]);
  const form = useZodForm<Draft>(schema, {
    mode: 'onChange',
    defaultValues: draftOf(phone, organization, teams),
  });
  const errors = form.formState.errors;
  const save = useSaveCallSettings(organization);
  const submit = form.handleSubmit(async (draft) => {
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
      phone: phoneRequestOf(draft, phone),
    };
    try {
      const saved = await save.mutateAsync(change);
      form.reset(draftOf(saved.phone, saved.organization, teams));
    } catch (error) {
      applyServerError(form.setError, error, {
        fields: ['incomingCallsEnabled', 'queueMessage', 'queueRepeatPauseSeconds'],
      });
    }
  });

  return (
    <Section id="phones-calls" title={t('calls.title')} intro={t('calls.intro')}>
      <form noValidate onSubmit={(e) => void submit(e)}>
        <Stack gap="lg">
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" verticalSpacing="lg">
            {SWITCHES.map(([name, label]) => (
              <SwitchField
                key={name}
                control={form.control}
                name={name}
                label={t(label)}
                description={t(`${label}.help`)}
              />
            ))}
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
            error={phoneIssueText(intl, errors.queueMessage?.message, { max: QUEUE_MESSAGE_MAX_CHARS })}
            {...form.register('queueMessage')}
          />
          <Controller
            control={form.control}
            name="queueRepeatPauseSeconds"
            render={({ field }) => (
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
                name={field.name}
                ref={field.ref}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={phoneIssueText(intl, errors.queueRepeatPauseSeconds?.message, {
                  min: QUEUE_REPEAT_PAUSE_MIN_S,
                  max: QUEUE_REPEAT_PAUSE_MAX_S,
                })}
              />
            )}
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
                        <Controller
                          control={form.control}
                          name={`teamQueues.${team.id}`}
                          render={({ field }) => (
                            <Select
                              aria-label={t('queue.teamSwitch', { team: team.label })}
                              allowDeselect={false}
                              value={field.value ?? 'follow'}
                              onChange={(v) => v && field.onChange(v)}
                              data={[
                                { value: 'follow', label: t('queue.team.follow') },
                                { value: 'on', label: t('queue.team.on') },
                                { value: 'off', label: t('queue.team.off') },
                              ]}
                            />
                          )}
                        />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </div>
          )}
          <Group justify="flex-end">
            <Button type="submit" loading={form.formState.isSubmitting} disabled={!form.formState.isValid}>
              {t('calls.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Section>
  );
}

/** The section's switches: the draft's field and its label's message id (its help is `<id>.help`). */
const SWITCHES = [
  ['incomingCallsEnabled', 'calls.incoming'],
  ['webCallsEnabled', 'calls.web'],
  ['queueEnabled', 'queue.enabled'],
  ['queueNotification', 'queue.notification'],
] as const;
