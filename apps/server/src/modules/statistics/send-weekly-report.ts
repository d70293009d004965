import {
  AppError,
  SUPPORTED_LOCALES,
  weeklyReportDue,
  type Locale,
  type StatisticsReport,
} from '@accueil/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { appBaseUrl } from '../../config';
import { statisticsRecipients, statisticsWeeklyReports } from '../../db/schema/statistics';
import { mailTexts, sendMail, type MailAttachment } from '../mail/index';
import { getOrganization } from '../organizations/index';
import { computeDailyRollups } from './compute-daily-rollups';
import { buildStatisticsReport } from './get-statistics-report';
import { renderReportCharts } from './render-report-charts';
import { dayLabel, REPORT_CHART_CIDS, weeklyReportContent } from './weekly-report-content';

/** What a weekly report run did for one organisation. */
export type WeeklyReportOutcome = 'sent' | 'not-due' | 'no-recipients' | 'already-sent';

type ReportDeps = Pick<AppDeps, 'db' | 'email' | 'config' | 'log'>;

/**
 * Sends the report of the week `weekStart`–`weekEnd` (Sunday to Saturday) of one organisation to
 * its recipients (docs/behaviour/statistics.md, "The weekly report"): the week's roll-ups are
 * computed again first and the mail rendered with its charts; then the (organisation, week) row
 * is claimed (`claimWeek`: a week is sent once however many processes run the job), the mails
 * sent (no transaction is held while mailing) and the row marked `sent`. A send that fails
 * releases the claim (the next run tries again).
 * @returns `no-recipients` (nothing claimed), `already-sent`, or `sent`.
 * @throws AppError `mail-unavailable` when the e-mail carrier refuses a mail.
 */
export async function sendWeeklyReport(
  deps: ReportDeps,
  input: { organizationId: string; timeZone: string; weekStart: string; weekEnd: string },
): Promise<Exclude<WeeklyReportOutcome, 'not-due'>> {
  const recipients = await deps.db
    .select({ email: statisticsRecipients.email })
    .from(statisticsRecipients)
    .where(eq(statisticsRecipients.organizationId, input.organizationId));
  if (recipients.length === 0) return 'no-recipients';
  const organization = await getOrganization(deps, input.organizationId);
  if (!organization) throw new AppError('not-found', 'Organization not found');
  await computeDailyRollups(deps, {
    organizationId: input.organizationId,
    timeZone: input.timeZone,
    from: input.weekStart,
    to: input.weekEnd,
  });
  const report = await buildStatisticsReport(deps, input.organizationId, {
    from: input.weekStart,
    to: input.weekEnd,
  });
  const locale = (SUPPORTED_LOCALES as readonly string[]).includes(organization.locale)
    ? (organization.locale as Locale)
    : 'fr-CA';
  const content = weeklyReportContent({
    locale,
    organization: organization.name,
    report,
    statisticsLink: `${appBaseUrl(deps.config)}/configuration?configTab=statistics`,
  });
  const attachments = await chartAttachments(report, locale);
  if (!(await claimWeek(deps, input.organizationId, input.weekStart, recipients.length)))
    return 'already-sent';
  try {
    for (const { email } of recipients) await sendMail(deps, { to: email, locale, content, attachments });
  } catch (error) {
    // Released: the next run sends the week again (a recipient already mailed gets it twice).
    await deps.db
      .delete(statisticsWeeklyReports)
      .where(weekRow(input.organizationId, input.weekStart, 'sending'));
    throw error;
  }
  await deps.db
    .update(statisticsWeeklyReports)
    .set({ status: 'sent', sentAt: sql`now()` })
    .where(weekRow(input.organizationId, input.weekStart, 'sending'));
  deps.log.info(
    { organizationId: input.organizationId, weekStart: input.weekStart, recipients: recipients.length },
    'weekly statistics report sent',
  );
  return 'sent';
}

/**
 * How long a claim may stay `sending` before another run takes it over (its process died while
 * mailing): far longer than rendering and mailing a report takes.
 */
export const WEEKLY_REPORT_CLAIM_TIMEOUT_MINUTES = 30;

const weekRow = (organizationId: string, weekStart: string, status: 'sending' | 'sent') =>
  and(
    eq(statisticsWeeklyReports.organizationId, organizationId),
    eq(statisticsWeeklyReports.weekStart, weekStart),
    eq(statisticsWeeklyReports.status, status),
  );

/**
 * Claims the (organisation, week) row in one statement: inserted, or taken over when a claim is
 * `sending` for longer than `WEEKLY_REPORT_CLAIM_TIMEOUT_MINUTES`. A concurrent claim waits on the
 * row's primary key until the first commits, then finds it taken. True when this run holds it.
 */
async function claimWeek(
  deps: Pick<AppDeps, 'db'>,
  organizationId: string,
  weekStart: string,
  recipients: number,
): Promise<boolean> {
  const claimed = await deps.db
    .insert(statisticsWeeklyReports)
    .values({ organizationId, weekStart, recipients, status: 'sending' })
    .onConflictDoUpdate({
      target: [statisticsWeeklyReports.organizationId, statisticsWeeklyReports.weekStart],
      set: { recipients, claimedAt: sql`now()` },
      setWhere: sql`${statisticsWeeklyReports.status} = 'sending' AND ${statisticsWeeklyReports.claimedAt} < now() - make_interval(mins => ${WEEKLY_REPORT_CLAIM_TIMEOUT_MINUTES})`,
    })
    .returning({ weekStart: statisticsWeeklyReports.weekStart });
  return claimed.length === 1;
}

/** The two charts as inline PNG parts, their legends in the mail's language. */
async function chartAttachments(report: StatisticsReport, locale: Locale): Promise<MailAttachment[]> {
  const figures = mailTexts(locale).weeklyStatistics.figures;
  const charts = await renderReportCharts(
    report,
    report.byDay.map((d) => dayLabel(locale, d.day)),
    figures,
  );
  return [
    {
      filename: 'texts-per-day.png',
      contentType: 'image/png',
      content: charts.texts,
      contentId: REPORT_CHART_CIDS.texts,
    },
    {
      filename: 'calls-per-day.png',
      contentType: 'image/png',
      content: charts.calls,
      contentId: REPORT_CHART_CIDS.calls,
    },
  ];
}

/**
 * The weekly report of one organisation if it is due at `now` in its time zone (Sunday, from
 * `WEEKLY_REPORT_LOCAL_HOUR`: the week that ended the day before), else `not-due`.
 */
export async function sendWeeklyReportIfDue(
  deps: ReportDeps,
  organization: { id: string; timeZone: string },
  now: Date,
): Promise<WeeklyReportOutcome> {
  const due = weeklyReportDue(now, organization.timeZone);
  if (!due) return 'not-due';
  return sendWeeklyReport(deps, { organizationId: organization.id, timeZone: organization.timeZone, ...due });
}
