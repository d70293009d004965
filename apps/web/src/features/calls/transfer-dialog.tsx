import { callEndpoints, type CallAvailability, type PresenceStatus, type TransferTarget } from '@accueil/domain';
import { Alert, Badge, Button, Group, Loader, Modal, Radio, ScrollArea, Select, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { api } from '../../lib/endpoint-client';

// The dot carries the colour; the text stays the theme's (contrast).
const PRESENCE_COLOR: Record<PresenceStatus, string> = { online: 'teal', away: 'yellow', busy: 'red', offline: 'gray' };
// The whole team (its queue or every member rings) is the first choice of the list.
const WHOLE_TEAM = 'team';

/**
 * The choice a transfer confirms: the whole team, or one of its users (by id). Null until a team
 * is picked. Pure: what the dialog's two fields mean.
 */
export function transferTargetOf(teamId: string | null, choice: string | null): TransferTarget | null {
  if (!teamId || !choice) return null;
  return choice === WHOLE_TEAM ? { kind: 'team', teamId } : { kind: 'user', teamId, userId: choice };
}

/**
 * The transfer dialog (docs/behaviour/calls.md, "In the browser"): pick a team, then the whole
 * team or one of its users (their presence and SIP line shown); confirm stays disabled until a
 * choice is made. The teams and users come from `GET /api/voice/v1/calls/availability` when it
 * opens. The signed-in user is not offered.
 */
export function TransferDialog({ selfId, onConfirm, onClose }: { selfId: string | null; onConfirm: (target: TransferTarget) => void; onClose: () => void }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id: `calls.transfer.${id}` }, values);
  const availability = useQuery({
    queryKey: ['calls', 'availability'],
    queryFn: ({ signal }) => api.call(callEndpoints.availability, { signal }),
    staleTime: 0,
  });
  const [teamId, setTeamId] = useState<string | null>(null);
  const [choice, setChoice] = useState<string | null>(WHOLE_TEAM);
  const team: CallAvailability['teams'][number] | undefined = availability.data?.teams.find((x) => x.id === teamId);
  const target = transferTargetOf(teamId, choice);
  return (
    <Modal opened onClose={onClose} title={t('title')} size="md" data-testid="transfer-dialog">
      <Stack gap="sm">
        {availability.isPending && <Loader size="sm" aria-label={t('loading')} />}
        {availability.isError && (
          <Alert color="red" role="alert">
            {t('load-failed')}
          </Alert>
        )}
        {availability.data && (
          <Select
            label={t('team')}
            placeholder={t('pick')}
            data={availability.data.teams.map((x) => ({ value: x.id, label: x.label }))}
            value={teamId}
            onChange={(value) => {
              setTeamId(value);
              setChoice(WHOLE_TEAM);
            }}
            data-testid="transfer-team"
          />
        )}
        {team && (
          <Radio.Group label={t('to')} value={choice} onChange={setChoice}>
            <ScrollArea.Autosize mah={260}>
              <Stack gap={6} mt={4}>
                <Radio value={WHOLE_TEAM} label={t('whole-team', { team: team.label })} data-testid="transfer-whole-team" />
                {team.users
                  .filter((u) => u.id !== selfId)
                  .map((u) => (
                    <Radio
                      key={u.id}
                      value={u.id}
                      data-testid={`transfer-user-${u.id}`}
                      label={
                        <Group gap={6} wrap="nowrap">
                          <Text size="sm">{u.displayName}</Text>
                          <Badge size="sm" variant="dot" color={PRESENCE_COLOR[u.status]}>
                            {intl.formatMessage({ id: `calls.presence.${u.status}` })}
                          </Badge>
                          {u.sipUsername && (
                            <Text size="xs" c="dimmed">
                              {t('sip', { sip: u.sipUsername })}
                            </Text>
                          )}
                        </Group>
                      }
                    />
                  ))}
              </Stack>
            </ScrollArea.Autosize>
          </Radio.Group>
        )}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button disabled={!target} onClick={() => target && onConfirm(target)} data-testid="transfer-confirm">
            {t('confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
