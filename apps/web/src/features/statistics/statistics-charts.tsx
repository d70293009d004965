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
 * The per-day charts of a report (`@mantine/charts`, Recharts): texts received and sent, calls
 * answered, missed and sent to voicemail (stacked), and the first-response time's median and 90th
 * percentile. Hovering a day shows its values.
 */
export function StatisticsCharts({ report }: { report: StatisticsReport }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id: `statistics.${id}` });
  const days = report.byDay.map(({ day, figures }) => ({
    day: intl.formatDate(`${day}T12:00:00Z`, { day: 'numeric', month: 'short', timeZone: 'UTC' }),
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
      <ChartPanel id="statistics-chart-texts" title={t('chart.texts')}>
        <BarChart
          h={240}
          data={days}
          dataKey="day"
          withLegend
          yAxisProps={{ allowDecimals: false }}
          series={[
            { name: 'textsIn', label: t('figure.textsIn'), color: 'teal.7' },
            { name: 'textsOut', label: t('figure.textsOut'), color: 'blue.7' },
          ]}
        />
      </ChartPanel>
      <ChartPanel id="statistics-chart-calls" title={t('chart.calls')}>
        <BarChart
          h={240}
          data={days}
          dataKey="day"
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
      <ChartPanel id="statistics-chart-response" title={t('chart.firstResponse')}>
        <LineChart
          h={240}
          data={days}
          dataKey="day"
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
