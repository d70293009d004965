import '@mantine/charts/styles.css';
import type { StatisticsReport } from '@accueil/domain';
import { BarChart, LineChart } from '@mantine/charts';
import { Paper, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { formatDuration } from './format-duration';

/** One titled chart, a labelled figure (its title names it for assistive technologies). */
function ChartPanel({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md" component="figure" m={0} aria-labelledby={id}>
      <Stack gap="sm">
        <Title order={3} size="h5" id={id}>
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

/**
 * The charts of a report (`@mantine/charts`, Recharts), per day, or per month for a span longer
 * than `STATISTICS_PER_DAY_MAX_DAYS` days (the report then has no days): texts received and
 * sent, calls answered, missed and sent to voicemail (stacked), and the first-response time's
 * median and 90th percentile. Hovering a bar or point shows its values.
 */
export function StatisticsCharts({ report }: { report: StatisticsReport }) {
  const intl = useIntl();
  const perMonth = report.byDay.length === 0;
  const t = (id: string) => intl.formatMessage({ id: `statistics.${id}` });
  const chartTitle = (id: string) => t(perMonth ? `chart.${id}ByMonth` : `chart.${id}`);
  const periods = perMonth
    ? report.byMonth.map(({ month, figures }) => ({
        label: intl.formatDate(`${month}-15T12:00:00Z`, { month: 'short', year: 'numeric', timeZone: 'UTC' }),
        figures,
      }))
    : report.byDay.map(({ day, figures }) => ({
        label: intl.formatDate(`${day}T12:00:00Z`, { day: 'numeric', month: 'short', timeZone: 'UTC' }),
        figures,
      }));
  const points = periods.map(({ label, figures }) => ({
    label,
    textsIn: figures.textsIn,
    textsOut: figures.textsOut,
    callsAnswered: figures.callsAnswered,
    callsMissed: figures.callsMissed,
    callsVoicemail: figures.callsVoicemail,
    median: figures.firstResponse.median,
    p90: figures.firstResponse.p90,
  }));
  return (
    <>
      <ChartPanel id="statistics-chart-texts" title={chartTitle('texts')}>
        <BarChart
          h={240}
          data={points}
          dataKey="label"
          withLegend
          yAxisProps={{ allowDecimals: false }}
          series={[
            { name: 'textsIn', label: t('figure.textsIn'), color: 'teal.7' },
            { name: 'textsOut', label: t('figure.textsOut'), color: 'blue.7' },
          ]}
        />
      </ChartPanel>
      <ChartPanel id="statistics-chart-calls" title={chartTitle('calls')}>
        <BarChart
          h={240}
          data={points}
          dataKey="label"
          type="stacked"
          withLegend
          yAxisProps={{ allowDecimals: false }}
          series={[
            { name: 'callsAnswered', label: t('figure.callsAnswered'), color: 'teal.7' },
            { name: 'callsMissed', label: t('figure.callsMissed'), color: 'red.7' },
            { name: 'callsVoicemail', label: t('figure.callsVoicemail'), color: 'orange.7' },
          ]}
        />
      </ChartPanel>
      <ChartPanel id="statistics-chart-response" title={chartTitle('firstResponse')}>
        <LineChart
          h={240}
          data={points}
          dataKey="label"
          withLegend
          connectNulls={false}
          valueFormatter={(value) => formatDuration(intl, value)}
          series={[
            { name: 'median', label: t('figure.firstResponseMedian'), color: 'indigo.7' },
            { name: 'p90', label: t('figure.firstResponseP90'), color: 'grape.7' },
          ]}
        />
      </ChartPanel>
    </>
  );
}
