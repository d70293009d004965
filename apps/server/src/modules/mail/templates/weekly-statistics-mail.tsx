import { Heading } from '@react-email/heading';
import { Section } from '@react-email/section';
import type { MailTexts } from '../mail-texts';
import { WEEKLY_FIGURE_KEYS, type WeeklyFigures } from '../weekly-figures';
import { ActionButton, MailLayout, Paragraph } from './mail-layout';

/**
 * What the weekly statistics report shows (docs/behaviour/statistics.md, "The weekly report"): the
 * organisation, the week (formatted), the week's figures, a row per team and per day, and the
 * `cid`s of the charts attached inline (texts per day, calls per day).
 */
export type WeeklyStatisticsMailProps = {
  organization: string;
  period: string;
  totals: WeeklyFigures;
  teams: { label: string; figures: WeeklyFigures }[];
  days: { label: string; figures: WeeklyFigures }[];
  charts: { texts: string; calls: string };
  statisticsLink: string;
};

const cell = {
  border: '1px solid #dee2e6',
  padding: '4px 6px',
  fontSize: '12px',
  textAlign: 'right' as const,
};
const head = { ...cell, backgroundColor: '#f1f3f5', fontWeight: 600, textAlign: 'left' as const };
const h2 = { color: '#212529', fontSize: '16px', margin: '24px 0 8px' };

/** A table of figures: a row per entry (a team, a day), a column per figure. */
function FiguresTable({
  texts,
  first,
  rows,
}: {
  texts: MailTexts;
  first: string;
  rows: { label: string; figures: WeeklyFigures }[];
}) {
  const t = texts.weeklyStatistics;
  return (
    <table cellPadding={0} cellSpacing={0} style={{ borderCollapse: 'collapse', width: '100%' }}>
      <thead>
        <tr>
          <th style={head}>{first}</th>
          {WEEKLY_FIGURE_KEYS.map((key) => (
            <th key={key} style={head}>
              {t.figures[key]}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.label}>
            <th scope="row" style={head}>
              {row.label}
            </th>
            {WEEKLY_FIGURE_KEYS.map((key) => (
              <td key={key} style={cell}>
                {row.figures[key]}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The report mailed to the statistics recipients every Sunday. */
export function WeeklyStatisticsMail(props: WeeklyStatisticsMailProps & { lang: string; texts: MailTexts }) {
  const { lang, texts, organization, period, totals, teams, days, charts, statisticsLink } = props;
  const t = texts.weeklyStatistics;
  return (
    <MailLayout lang={lang} preview={t.preview(organization, period)} texts={texts}>
      <Paragraph>{t.intro(organization, period)}</Paragraph>
      <table cellPadding={0} cellSpacing={0} style={{ borderCollapse: 'collapse', width: '100%' }}>
        <tbody>
          {WEEKLY_FIGURE_KEYS.map((key) => (
            <tr key={key}>
              <th scope="row" style={{ ...head, fontSize: '14px' }}>
                {t.figures[key]}
              </th>
              <td style={{ ...cell, fontSize: '14px', fontWeight: 700 }}>{totals[key]}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <Heading as="h2" style={h2}>
        {t.chartTexts}
      </Heading>
      <img src={`cid:${charts.texts}`} alt={t.chartTexts} width="560" style={{ maxWidth: '100%' }} />
      <Heading as="h2" style={h2}>
        {t.chartCalls}
      </Heading>
      <img src={`cid:${charts.calls}`} alt={t.chartCalls} width="560" style={{ maxWidth: '100%' }} />
      <Heading as="h2" style={h2}>
        {t.perTeam}
      </Heading>
      <FiguresTable texts={texts} first={t.team} rows={teams} />
      <Heading as="h2" style={h2}>
        {t.perDay}
      </Heading>
      <FiguresTable texts={texts} first={t.day} rows={days} />
      <Section style={{ marginTop: '24px' }}>
        <ActionButton href={statisticsLink} label={t.action} texts={texts} />
      </Section>
    </MailLayout>
  );
}
