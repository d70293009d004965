import {
  AUTOMATIC_REPLY_KINDS,
  putAutomaticReplyRequestSchema,
  MESSAGE_BODY_MAX_CHARS,
  type AutomaticReply,
  type AutomaticReplyKind,
} from '@accueil/domain';
import { Badge, Button, Group, Loader, Paper, Select, Stack, Text, Textarea, Title } from '@mantine/core';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { SwitchField, useErrorText, useZodForm } from '../../../lib/forms';
import { useAbility } from '../../../lib/use-ability';
import { useTeams } from '../teams/use-teams-users';
import { useAutomaticReplies, useAutomaticReplyMutations } from './use-automatic-replies';

const ORGANIZATION = 'organization';

/**
 * Configuration, Automations: the automatic replies (missed call, missed text outside hours,
 * vacation) of the whole organisation or of one team (docs/behaviour/automatic-replies.md).
 * Everyone reads them; administrators change them (the server refuses others).
 */
export default function AutomationsTab() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id: `automations.${id}` });
  const canEdit = useAbility('automation.edit');
  const replies = useAutomaticReplies();
  const teams = useTeams();
  const [scope, setScope] = useState<string>(ORGANIZATION);
  if (replies.isPending) return <Loader size="sm" />;
  const rows = replies.data ?? [];
  const teamId = scope === ORGANIZATION ? null : scope;

  return (
    <Stack gap="md" maw={900}>
      <Text size="sm" c="dimmed">
        {t('intro')}
      </Text>
      <Select
        label={t('scope')}
        value={scope}
        allowDeselect={false}
        onChange={(v) => v && setScope(v)}
        data={[
          { value: ORGANIZATION, label: t('wholeOrganization') },
          ...(teams.data ?? []).map((team) => ({ value: team.id, label: team.label })),
        ]}
        w={360}
      />
      {AUTOMATIC_REPLY_KINDS.map((kind) => (
        <ReplyCard
          key={`${scope}-${kind}`}
          kind={kind}
          teamId={teamId}
          own={rows.find((r) => r.kind === kind && r.teamId === teamId) ?? null}
          organization={rows.find((r) => r.kind === kind && r.teamId === null) ?? null}
          canEdit={canEdit}
        />
      ))}
    </Stack>
  );
}

/** The fields of one reply's card: the domain's own rules for the switch and the text. */
const replyFormSchema = putAutomaticReplyRequestSchema.pick({ enabled: true, body: true });

function ReplyCard(props: {
  kind: AutomaticReplyKind;
  teamId: string | null;
  own: AutomaticReply | null;
  organization: AutomaticReply | null;
  canEdit: boolean;
}) {
  const { kind, teamId, own, organization, canEdit } = props;
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id: `automations.${id}` });
  const errorText = useErrorText('automations');
  const shown = own ?? (teamId ? organization : null);
  // Checked on the first save, then as the text changes.
  const form = useZodForm(replyFormSchema, {
    mode: 'onSubmit',
    defaultValues: { enabled: shown?.enabled ?? false, body: shown?.body ?? '' },
  });
  const { save, follow } = useAutomaticReplyMutations();
  const submit = form.handleSubmit((v) => save.mutate({ teamId, kind, ...v }));
  const titleId = `automatic-reply-${kind}`;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={titleId}>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="xs">
          <Group justify="space-between" wrap="nowrap">
            <Title order={3} size="h5" id={titleId}>
              {t(`kind.${kind}`)}
            </Title>
            {teamId && !own && (
              <Badge variant="light" color="gray" tt="none">
                {t('followsOrganization')}
              </Badge>
            )}
          </Group>
          <Text size="xs" c="dimmed">
            {t(`when.${kind}`)}
          </Text>
          <SwitchField label={t('enabled')} disabled={!canEdit} control={form.control} name="enabled" />
          <Textarea
            label={t('body')}
            required
            autosize
            minRows={2}
            maxRows={6}
            maxLength={MESSAGE_BODY_MAX_CHARS}
            error={errorText(form.formState.errors.body?.message)}
            readOnly={!canEdit}
            {...form.register('body')}
          />
          {canEdit && (
            <Group justify="flex-end" gap="xs">
              {teamId && own && (
                <Button variant="default" loading={follow.isPending} onClick={() => follow.mutate(own.id)}>
                  {t('follow')}
                </Button>
              )}
              <Button type="submit" loading={save.isPending}>
                {t(teamId && !own ? 'saveForTeam' : 'save')}
              </Button>
            </Group>
          )}
        </Stack>
      </form>
    </Paper>
  );
}
