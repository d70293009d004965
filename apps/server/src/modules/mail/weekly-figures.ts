// The weekly report's figures apart from its template: the statistics module reads them at every
// start, and the template brings React and react-email, which load with the first mail rendered.

/** The figures of the weekly report, in its tables' column order. */
export const WEEKLY_FIGURE_KEYS = [
  'conversationsOpened',
  'textsIn',
  'textsOut',
  'firstResponseMedian',
  'firstResponseP90',
  'callsAnswered',
  'callsMissed',
  'callsVoicemail',
] as const;
export type WeeklyFigureKey = (typeof WEEKLY_FIGURE_KEYS)[number];

/** One row of figures, each already formatted in the recipient's language. */
export type WeeklyFigures = Record<WeeklyFigureKey, string>;
