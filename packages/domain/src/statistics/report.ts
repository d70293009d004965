import { z } from 'zod';
import { statisticsFiguresSchema } from './figures';

/** The longest span the statistics screen reads at once, in days (three years and a day). */
export const STATISTICS_RANGE_MAX_DAYS = 1_096;

const day = z.iso.date();

/**
 * The longest span whose figures are also given per day (`byDay`), in days: a quarter. Beyond,
 * a chart of one bar per day is unreadable (730 bars on a screen) and the screen draws the
 * months (`byMonth`) instead.
 */
export const STATISTICS_PER_DAY_MAX_DAYS = 92;

/**
 * The statistics screen's query: the days `from` to `to` (`YYYY-MM-DD` of the organisation's
 * time zone, both included, at most `STATISTICS_RANGE_MAX_DAYS`), optionally one team
 * (`userGroupId`, the API's word for a team).
 */
export const statisticsQuerySchema = z
  .strictObject({ from: day, to: day, userGroupId: z.uuid().optional() })
  .refine((q) => q.from <= q.to, { path: ['to'], message: 'range-invalid' })
  .refine((q) => (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 < STATISTICS_RANGE_MAX_DAYS, {
    path: ['to'],
    message: 'range-too-long',
  });
export type StatisticsQuery = z.infer<typeof statisticsQuerySchema>;

/**
 * The figures of a span (docs/behaviour/statistics.md): all teams together (`totals`), per team
 * (every team of the organisation, or the one asked, with its label), per day (every day of the
 * span, a quiet one with zeros; empty for a span longer than {@link STATISTICS_PER_DAY_MAX_DAYS}
 * days) and per month (`YYYY-MM`, every month the span touches, its days in the span only).
 * `timeZone`: the organisation's, in which the days are counted. `computedAt`: when the most
 * recent of the span's roll-ups was computed (null before any).
 */
export const statisticsReportSchema = z.object({
  from: day,
  to: day,
  timeZone: z.string(),
  computedAt: z.iso.datetime().nullable(),
  totals: statisticsFiguresSchema,
  byTeam: z.array(z.object({ userGroupId: z.uuid(), label: z.string(), figures: statisticsFiguresSchema })),
  byDay: z.array(z.object({ day, figures: statisticsFiguresSchema })),
  byMonth: z.array(z.object({ month: z.string().regex(/^\d{4}-\d{2}$/), figures: statisticsFiguresSchema })),
});
export type StatisticsReport = z.infer<typeof statisticsReportSchema>;
