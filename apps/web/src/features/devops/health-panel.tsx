import type { HealthState, OperationsHealth } from '@accueil/domain';
import { Alert, Badge, Group, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { FormattedMessage, FormattedNumber, FormattedTime, useIntl } from 'react-intl';
import classes from './devops.module.css';
import { useHealth } from './use-operations';

// Filled badges in dark shades: white text reads at 4.5:1 or more on each.
const STATE_COLOR: Record<HealthState, string> = { up: 'teal.9', down: 'red.9', absent: 'gray.7' };

function State({ state }: { state: HealthState }) {
  return (
    <Badge color={STATE_COLOR[state]} variant="filled" className={classes.badge}>
      <FormattedMessage id={`devops.health.state.${state}`} />
    </Badge>
  );
}

/** A labelled figure of the panel. */
function Fact({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500} ta="end">
        {children}
      </Text>
    </Group>
  );
}

/** One box of the panel, titled. */
function Box({ title, state, children }: { title: ReactNode; state?: HealthState; children: ReactNode }) {
  return (
    <Stack gap={6} p="sm" className={classes.healthBox}>
      <Group justify="space-between">
        <Text fw={600} component="h3" size="sm" m={0}>
          {title}
        </Text>
        {state && <State state={state} />}
      </Group>
      {children}
    </Stack>
  );
}

function Environment({ env }: { env: OperationsHealth['environment'] }) {
  const t = (id: string) => <FormattedMessage id={`devops.health.${id}`} />;
  return (
    <Box title={t('environment')}>
      <Fact label={t('version')}>{env.version}</Fact>
      <Fact label={t('node')}>{env.node}</Fact>
      <Fact label={t('mode')}>{env.mode}</Fact>
      <Fact label={t('database')}>{env.database === 'postgres' ? 'PostgreSQL' : 'PGlite'}</Fact>
      <Fact label={t('uptime')}>
        <FormattedNumber value={Math.floor(env.uptimeSeconds / 60)} />{' '}
        <FormattedMessage id="devops.health.minutes" />
      </Fact>
    </Box>
  );
}

/**
 * The carriers in use, each with its state when the server asks it (messaging, voice, the app's
 * e-mail, storage: `carrierStatus`, at most 30 s old) and why it failed.
 */
function Carriers({
  carriers,
  status,
}: {
  carriers: OperationsHealth['environment']['carriers'];
  status: OperationsHealth['carrierStatus'];
}) {
  const probes = new Map(status.map((probe) => [probe.capability as string, probe]));
  return (
    <Box title={<FormattedMessage id="devops.health.carriers" />}>
      {(Object.keys(carriers) as (keyof typeof carriers)[]).map((capability) => {
        const probe = probes.get(capability);
        return (
          <Stack key={capability} gap={2} data-testid={`carrier-${capability}`}>
            <Group justify="space-between" wrap="nowrap" gap="sm">
              <Text size="sm" c="dimmed">
                <FormattedMessage id={`devops.health.carrier.${capability}`} />
              </Text>
              <Group gap={6} wrap="nowrap">
                <Text size="sm" fw={500}>
                  {carriers[capability]}
                </Text>
                {probe && <State state={probe.state} />}
              </Group>
            </Group>
            {probe?.failure && (
              <Text size="xs" c="red.9" ta="end">
                <FormattedMessage id={`devops.health.carrierFailure.${probe.failure}`} />
              </Text>
            )}
          </Stack>
        );
      })}
      {status[0] && (
        <Text size="xs" c="dimmed">
          <FormattedMessage
            id="devops.health.carriersCheckedAt"
            values={{
              time: (
                <FormattedTime value={status[0].checkedAt} hour="2-digit" minute="2-digit" second="2-digit" />
              ),
            }}
          />
        </Text>
      )}
    </Box>
  );
}

function JobQueues({ jobs }: { jobs: OperationsHealth['jobs'] }) {
  const intl = useIntl();
  if (!jobs.started)
    return (
      <Text size="sm" c="dimmed">
        <FormattedMessage id="devops.health.jobs.notStarted" />
      </Text>
    );
  const cols = ['queued', 'deferred', 'active', 'failed'] as const;
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table striped aria-label={intl.formatMessage({ id: 'devops.health.jobs.title' })}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>
              <FormattedMessage id="devops.health.jobs.col.name" />
            </Table.Th>
            {cols.map((col) => (
              <Table.Th key={col} ta="end">
                <FormattedMessage id={`devops.health.jobs.col.${col}`} />
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {jobs.queues.map((queue) => (
            <Table.Tr key={queue.name}>
              <Table.Td>
                <code>{queue.name}</code>
              </Table.Td>
              {cols.map((col) => (
                <Table.Td key={col} ta="end" fw={col === 'failed' && queue.failed > 0 ? 700 : undefined}>
                  <FormattedNumber value={queue[col]} />
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * The operators' health panel (docs/behaviour/operations.md): the environment, the carriers in
 * use and whether they answer, and whether the database, Redis, the job queues and the realtime connections answer;
 * read again every 15 s while open.
 */
export function HealthPanel() {
  const health = useHealth();
  if (health.isError && !health.data)
    return (
      <Alert color="red">
        <FormattedMessage id="devops.loadFailed" />
      </Alert>
    );
  const data = health.data;
  if (!data)
    return (
      <Text size="sm" c="dimmed">
        <FormattedMessage id="devops.health.loading" />
      </Text>
    );
  return (
    <Stack gap="md" data-testid="health-panel">
      <Text size="xs" c="dimmed" aria-live="polite">
        <FormattedMessage
          id="devops.health.checkedAt"
          values={{
            time: <FormattedTime value={data.checkedAt} hour="2-digit" minute="2-digit" second="2-digit" />,
          }}
        />
      </Text>
      <SimpleGrid cols={{ base: 1, md: 2, lg: 3 }} spacing="md">
        <Environment env={data.environment} />
        <Carriers carriers={data.environment.carriers} status={data.carrierStatus} />
        <Stack gap="md">
          <Box title={<FormattedMessage id="devops.health.databaseTitle" />} state={data.database.state}>
            {data.database.latencyMs !== null && (
              <Fact label={<FormattedMessage id="devops.health.latency" />}>
                <FormattedNumber value={data.database.latencyMs} maximumFractionDigits={1} /> ms
              </Fact>
            )}
          </Box>
          <Box title="Redis" state={data.redis.state}>
            {data.redis.state === 'absent' && (
              <Text size="xs" c="dimmed">
                <FormattedMessage id="devops.health.redisAbsent" />
              </Text>
            )}
          </Box>
          <Box title={<FormattedMessage id="devops.health.realtime" />}>
            <Fact label={<FormattedMessage id="devops.health.realtimeHere" />}>
              <FormattedNumber value={data.realtime.here} />
            </Fact>
            <Fact label={<FormattedMessage id="devops.health.realtimeEverywhere" />}>
              {data.realtime.everywhere === null ? '—' : <FormattedNumber value={data.realtime.everywhere} />}
            </Fact>
          </Box>
        </Stack>
      </SimpleGrid>
      <Text fw={600} component="h3" size="sm" m={0}>
        <FormattedMessage id="devops.health.jobs.title" />
      </Text>
      <JobQueues jobs={data.jobs} />
    </Stack>
  );
}
