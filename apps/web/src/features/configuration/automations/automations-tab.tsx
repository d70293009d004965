import {
  AUTOMATIC_REPLY_KINDS,
  automaticReplyEndpoints,
  MESSAGE_BODY_MAX_CHARS,
  type AutomaticReply,
  type AutomaticReplyKind,
} from '@accueil/domain';
import {
  Badge,
  Button,
  Group,
  Loader,
  Paper,
  Select,
  Stack,
  Switch,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { api } from '../../../lib/endpoint-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useAbility } from '../../../lib/use-ability';
import { useTeams } from '../teams/use-teams-users';

const KEY = ['automatic-replies'] as const;
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
  const replies = useQuery({
    queryKey: KEY,
    queryFn: ({ signal }) => api.call(automaticReplyEndpoints.list, { signal }),
  });
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
  const client = useQueryClient();
  const shown = own ?? (teamId ? organization : null);
  const [enabled, setEnabled] = useState(shown?.enabled ?? false);
  const [body, setBody] = useState(shown?.body ?? '');
  const [tried, setTried] = useState(false);
  const error = tried && !body.trim() ? t('required') : null;
  const save = useMutation({
    mutationFn: () =>
      api.call(automaticReplyEndpoints.put, { body: { teamId, kind, enabled, body: body.trim() } }),
    onSuccess: async () => {
      notifySuccess(t('saved'));
      await client.invalidateQueries({ queryKey: KEY });
    },
    onError: (e) => notifyError(e),
  });
  const follow = useMutation({
    mutationFn: (id: string) => api.call(automaticReplyEndpoints.delete, { params: { id } }),
    onSuccess: async () => {
      notifySuccess(t('followsNow'));
      await client.invalidateQueries({ queryKey: KEY });
    },
    onError: (e) => notifyError(e),
  });
  const titleId = `automatic-reply-${kind}`;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={titleId}>
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
        <Switch
          label={t('enabled')}
          checked={enabled}
          disabled={!canEdit}
          onChange={(e) => setEnabled(e.currentTarget.checked)}
        />
        <Textarea
          label={t('body')}
          required
          autosize
          minRows={2}
          maxRows={6}
          maxLength={MESSAGE_BODY_MAX_CHARS}
          value={body}
          error={error}
          readOnly={!canEdit}
          onChange={(e) => setBody(e.currentTarget.value)}
        />
        {canEdit && (
          <Group justify="flex-end" gap="xs">
            {teamId && own && (
              <Button variant="default" loading={follow.isPending} onClick={() => follow.mutate(own.id)}>
                {t('follow')}
              </Button>
            )}
            <Button
              loading={save.isPending}
              onClick={() => {
                setTried(true);
                if (body.trim()) save.mutate();
              }}
            >
              {t(teamId && !own ? 'saveForTeam' : 'save')}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
