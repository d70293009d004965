import type { StatisticsFigures } from '@accueil/domain';
import { Alert, Button, Group, Loader, Paper, Select, SimpleGrid, Table, Text, Title } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { DatePickerInput } from '@mantine/dates';
import { useMemo, useState } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import { useCalendarAriaLabels } from '../../components/calendar-labels';
import { DATE_INPUT_FORMAT } from '../../lib/format';
import { useAbility } from '../../lib/use-ability';
import { useTeams } from '../configuration/teams/use-teams-users';
import { formatDuration } from './format-duration';
import { StatisticsCharts } from './statistics-charts';
import { lastWeek, rangePresets, todayOf, type DayRange } from './statistics-range';
import classes from './statistics.module.css';
import { useRefreshStatistics, useStatisticsReport } from './use-statistics';

/** The figures shown as numbers, in order: message id under `statistics.figure.` and how to read it. */
const FIGURES: { id: string; value: (f: StatisticsFigures, intl: IntlShape) => string }[] = [
  { id: 'conversationsOpened', value: (f, intl) => intl.formatNumber(f.conversationsOpened) },
  { id: 'textsIn', value: (f, intl) => intl.formatNumber(f.textsIn) },
  { id: 'textsOut', value: (f, intl) => intl.formatNumber(f.textsOut) },
  { id: 'firstResponseMedian', value: (f, intl) => formatDuration(intl, f.firstResponse.median) },
  { id: 'firstResponseP90', value: (f, intl) => formatDuration(intl, f.firstResponse.p90) },
  { id: 'callsAnswered', value: (f, intl) => intl.formatNumber(f.callsAnswered) },
  { id: 'callsMissed', value: (f, intl) => intl.formatNumber(f.callsMissed) },
  { id: 'callsVoicemail', value: (f, intl) => intl.formatNumber(f.callsVoicemail) },
];

/**
 * The statistics' figures (administrators; the configuration's statistics tab, `tab=figures`;
 * docs/behaviour/statistics.md): the figures of a span of days (the
 * last full week unless chosen), of all teams or one, as numbers, per-day charts and a table per
 * team, read from the daily roll-ups.
 */
export default function StatisticsScreen() {
  const intl = useIntl();
  // The server refuses others too (403, the same `statistics.read` rule).
  if (!useAbility('statistics.read'))
    return (
      <div>
        <Alert color="yellow">{intl.formatMessage({ id: 'statistics.forbidden' })}</Alert>
      </div>
    );
  return <StatisticsFiguresView />;
}

/** The screen's content for those who may read the statistics. */
function StatisticsFiguresView() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) =>
    intl.formatMessage({ id: `statistics.${id}` }, values);
  const calendarLabels = useCalendarAriaLabels();
  const today = useMemo(() => todayOf(new Date()), []);
  const [range, setRange] = useState<DayRange>(() => lastWeek(today));
  const [teamId, setTeamId] = useState<string | null>(null);
  const teams = useTeams();
  const report = useStatisticsReport({ ...range, ...(teamId ? { userGroupId: teamId } : {}) });
  const refresh = useRefreshStatistics();
  const data = report.data;

  return (
    <div className={classes.screen}>
      <div>
        <Title order={2} size="h3">
          {t('title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('intro')}
        </Text>
      </div>
      <Group align="flex-end" gap="md">
        <DatePickerInput
          type="range"
          label={t('range')}
          ariaLabels={calendarLabels}
          valueFormat={DATE_INPUT_FORMAT}
          value={[range.from, range.to]}
          maxDate={today}
          allowSingleDateInRange
          presets={rangePresets(today).map(({ key, range: r }) => ({
            label: t(`preset.${key}`),
            value: [r.from, r.to] as [string, string],
          }))}
          onChange={([from, to]) => from && to && setRange({ from, to })}
          w={280}
        />
        <Select
          label={t('team')}
          data={[
            { value: '', label: t('allTeams') },
            ...(teams.data ?? []).map((team) => ({ value: team.id, label: team.label })),
          ]}
          value={teamId ?? ''}
          onChange={(value) => setTeamId(value || null)}
          allowDeselect={false}
          w={240}
        />
        <Button
          variant="default"
          leftSection={<IconRefresh size={16} />}
          loading={refresh.isPending}
          onClick={() => refresh.mutate()}
        >
          {t('refresh')}
        </Button>
        {report.isFetching && <Loader size="sm" aria-label={intl.formatMessage({ id: 'common.loading' })} />}
      </Group>
      {report.isError && <Alert color="red">{t('loadFailed')}</Alert>}
      {data && (
        <>
          <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm" component="dl" m={0}>
            {FIGURES.map(({ id, value }) => (
              <Paper key={id} withBorder radius="md" p="sm" className={classes.figure}>
                <Text component="dt" size="sm" c="dimmed">
                  {t(`figure.${id}`)}
                </Text>
                <Text component="dd" m={0} fw={700} fz="xl" data-testid={`statistics-${id}`}>
                  {value(data.totals, intl)}
                </Text>
              </Paper>
            ))}
          </SimpleGrid>
          <StatisticsCharts report={data} />
          <Paper withBorder radius="md" p="md">
            <Title order={3} size="h5" mb="sm" id="statistics-by-team">
              {t('byTeam')}
            </Title>
            <Table.ScrollContainer minWidth={720}>
              <Table aria-labelledby="statistics-by-team" striped>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('team')}</Table.Th>
                    {FIGURES.map(({ id }) => (
                      <Table.Th key={id}>{t(`figure.${id}`)}</Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.byTeam.map((row) => (
                    <Table.Tr key={row.userGroupId}>
                      <Table.Th scope="row">{row.label}</Table.Th>
                      {FIGURES.map(({ id, value }) => (
                        <Table.Td key={id}>{value(row.figures, intl)}</Table.Td>
                      ))}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Paper>
          <Text size="xs" c="dimmed">
            {data.computedAt
              ? t('computedAt', {
                  at: intl.formatDate(data.computedAt, { dateStyle: 'medium', timeStyle: 'short' }),
                  timeZone: data.timeZone,
                })
              : t('notComputed')}
          </Text>
        </>
      )}
    </div>
  );
}
