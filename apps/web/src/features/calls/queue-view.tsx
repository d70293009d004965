import { callEndpoints, type Call } from '@accueil/domain';
import { Badge, Button, Group, Paper, ScrollArea, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronUp } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { api } from '../../lib/endpoint-client';
import { formatPhone } from '../../lib/format';
import { notifyError } from '../../lib/notify';
import { formatCallDuration } from './call-panel';
import classes from './calls.module.css';
import { useCallQueue } from './use-calls';

/** Epoch ms now, ticking every second while `on`. */
function useNow(on: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!on) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [on]);
  return now;
}

/**
 * The current team's call queue (docs/behaviour/calls.md, "The queue"): waiting calls by arrival
 * with how long they have waited (ticking every second), calls ringing or under way, then parked
 * calls by park number; Pick takes a waiting or parked call (it rings this user's device). Loaded
 * from `GET /api/voice/v1/queues`, kept live by `call:updated`. Nothing while the queue is empty.
 */
export function QueueView({ teamId, above }: { teamId: string | null; above: boolean }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id: `calls.queue.${id}` }, values);
  const { queue, patch } = useCallQueue(teamId);
  const [open, setOpen] = useState(true);
  const [picking, setPicking] = useState<string | null>(null);
  const calls = queue.data?.calls ?? [];
  const now = useNow(calls.length > 0 && open);
  if (calls.length === 0) return null;

  const pick = (call: Call) => {
    if (!call.callSid) return;
    setPicking(call.id);
    api
      .call(callEndpoints.pick, { body: { callSid: call.callSid } })
      .then(
        (picked) => patch(picked),
        (error: unknown) => notifyError(error, 'calls.queue.pick-failed'),
      )
      .finally(() => setPicking(null));
  };
  return (
    <Paper
      className={`${classes.queue} ${above ? classes.queueAbove : ''}`}
      p="sm"
      shadow="md"
      radius="md"
      withBorder
      role="region"
      aria-label={t('title')}
      data-testid="queue-view"
    >
      <UnstyledButton onClick={() => setOpen(!open)} aria-expanded={open} w="100%">
        {/* A button holds phrasing content only: spans, not the default divs and paragraph. */}
        <Group component="span" justify="space-between" wrap="nowrap">
          <Text component="span" fw={700} size="sm">
            {t('title')}{' '}
            <Badge component="span" size="sm" variant="filled" color="dark">
              {calls.length}
            </Badge>
          </Text>
          {open ? <IconChevronDown size={16} aria-hidden /> : <IconChevronUp size={16} aria-hidden />}
        </Group>
      </UnstyledButton>
      {open && (
        <ScrollArea.Autosize mah={220} mt="xs">
          <Stack gap={6} component="ul" className={classes.queueList}>
            {calls.map((call) => {
              const status = call.queue!.status;
              const waited = Math.max(0, Math.floor((now - Date.parse(call.queue!.queuedAt)) / 1000));
              const canPick = status === 'queued' || status === 'parked';
              return (
                <Group
                  key={call.id}
                  component="li"
                  justify="space-between"
                  wrap="nowrap"
                  data-testid="queue-call"
                  data-status={status}
                >
                  <div>
                    <Text size="sm">{formatPhone(call.direction === 'inbound' ? call.from : call.to)}</Text>
                    <Text size="xs" c="dimmed">
                      {status === 'parked'
                        ? t('parked', { parkNo: call.queue!.parkNo ?? 0 })
                        : t(`status.${status}`)}
                      {canPick ? ` · ${formatCallDuration(waited)}` : ''}
                    </Text>
                  </div>
                  {canPick && (
                    <Button
                      size="compact-sm"
                      loading={picking === call.id}
                      onClick={() => pick(call)}
                      aria-label={t('pick-label', { number: formatPhone(call.from) })}
                    >
                      {t('pick')}
                    </Button>
                  )}
                </Group>
              );
            })}
          </Stack>
        </ScrollArea.Autosize>
      )}
    </Paper>
  );
}
