import type { Locale, StatisticsFigures, StatisticsReport } from '@accueil/domain';
import type { MailContent, WeeklyFigures } from '../mail/index';

/**
 * A first-response time in the recipients' language: seconds under a minute, minutes (one
 * decimal) under an hour, else hours; an em dash when there is none (the screen's reading).
 */
export function formatResponseTime(locale: Locale, seconds: number | null): string {
  if (seconds === null) return '—';
  const [value, unit] =
    seconds < 60 ? [seconds, 'second'] : seconds < 3600 ? [seconds / 60, 'minute'] : [seconds / 3600, 'hour'];
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit,
    unitDisplay: 'short',
    maximumFractionDigits: 1,
  }).format(value);
}

/** A report's figures as the mail's tables show them, in `locale`. */
export function formatFigures(locale: Locale, f: StatisticsFigures): WeeklyFigures {
  const n = new Intl.NumberFormat(locale);
  return {
    conversationsOpened: n.format(f.conversationsOpened),
    textsIn: n.format(f.textsIn),
    textsOut: n.format(f.textsOut),
    firstResponseMedian: formatResponseTime(locale, f.firstResponse.median),
    firstResponseP90: formatResponseTime(locale, f.firstResponse.p90),
    callsAnswered: n.format(f.callsAnswered),
    callsMissed: n.format(f.callsMissed),
    callsVoicemail: n.format(f.callsVoicemail),
  };
}

/** A day (`YYYY-MM-DD`) as the report names it in `locale`: weekday and date ("dim. 22 nov."). */
export function dayLabel(locale: Locale, day: string): string {
  return new Intl.DateTimeFormat(locale, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  }).format(new Date(`${day}T12:00:00Z`));
}

/** The week as the subject names it in `locale`: "22 au 28 nov. 2026", "Nov 22 – 28, 2026". */
export function periodLabel(locale: Locale, from: string, to: string): string {
  const format = new Intl.DateTimeFormat(locale, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
  return format.formatRange(new Date(`${from}T12:00:00Z`), new Date(`${to}T12:00:00Z`));
}

/** The `cid`s of the report's inline charts. */
export const REPORT_CHART_CIDS = { texts: 'texts-per-day@accueil', calls: 'calls-per-day@accueil' } as const;

/** The weekly report's mail content from a week's figures, in `locale`. */
export function weeklyReportContent(input: {
  locale: Locale;
  organization: string;
  report: StatisticsReport;
  statisticsLink: string;
}): Extract<MailContent, { kind: 'weekly-statistics' }> {
  const { locale, report } = input;
  return {
    kind: 'weekly-statistics',
    organization: input.organization,
    period: periodLabel(locale, report.from, report.to),
    totals: formatFigures(locale, report.totals),
    teams: report.byTeam.map((t) => ({ label: t.label, figures: formatFigures(locale, t.figures) })),
    days: report.byDay.map((d) => ({
      label: dayLabel(locale, d.day),
      figures: formatFigures(locale, d.figures),
    })),
    charts: REPORT_CHART_CIDS,
    statisticsLink: input.statisticsLink,
  };
}
