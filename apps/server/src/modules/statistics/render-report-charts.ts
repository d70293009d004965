import type { StatisticsReport } from '@accueil/domain';

/** One series of a chart: its legend, colour and a value per day. */
type Series = { name: string; color: string; values: number[] };

/** A chart's size in CSS pixels; the PNG is drawn at twice that for sharp screens. */
const WIDTH = 560;
const HEIGHT = 240;

/**
 * Renders a bar chart of `days` (labels) as a PNG: ECharts' server-side SVG renderer (no browser,
 * no canvas), then sharp (librsvg) to PNG, since mail programs show PNG images and few show SVG.
 * `stacked`: the series' bars on top of each other. Text uses the system's sans-serif font.
 */
export async function renderBarChartPng(input: {
  days: string[];
  series: Series[];
  stacked?: boolean;
}): Promise<Buffer> {
  const [echarts, { default: sharp }] = await Promise.all([import('echarts'), import('sharp')]);
  const chart = echarts.init(null, null, { renderer: 'svg', ssr: true, width: WIDTH, height: HEIGHT });
  try {
    chart.setOption({
      animation: false,
      backgroundColor: '#ffffff',
      textStyle: { fontFamily: 'DejaVu Sans, Arial, sans-serif' },
      legend: { top: 0, data: input.series.map((s) => s.name) },
      grid: { left: 40, right: 16, top: 36, bottom: 28 },
      xAxis: { type: 'category', data: input.days },
      yAxis: { type: 'value', minInterval: 1 },
      series: input.series.map((s) => ({
        name: s.name,
        type: 'bar',
        data: s.values,
        itemStyle: { color: s.color },
        ...(input.stacked ? { stack: 'total' } : {}),
      })),
    });
    const svg = chart.renderToSVGString();
    return await sharp(Buffer.from(svg), { density: 144 }).png().toBuffer();
  } finally {
    chart.dispose();
  }
}

/** The legends of the report's charts, in the recipients' language. */
export type ReportChartLabels = {
  textsIn: string;
  textsOut: string;
  callsAnswered: string;
  callsMissed: string;
  callsVoicemail: string;
};

/**
 * The weekly report's two charts, per day: texts received and sent; calls answered, missed and
 * sent to voicemail (stacked). `dayLabels`: the x axis, one per `report.byDay` entry.
 */
export async function renderReportCharts(
  report: StatisticsReport,
  dayLabels: string[],
  labels: ReportChartLabels,
): Promise<{ texts: Buffer; calls: Buffer }> {
  const values = (pick: (f: StatisticsReport['totals']) => number) =>
    report.byDay.map((d) => pick(d.figures));
  const [texts, calls] = await Promise.all([
    renderBarChartPng({
      days: dayLabels,
      series: [
        { name: labels.textsIn, color: '#0c8599', values: values((f) => f.textsIn) },
        { name: labels.textsOut, color: '#1971c2', values: values((f) => f.textsOut) },
      ],
    }),
    renderBarChartPng({
      days: dayLabels,
      stacked: true,
      series: [
        { name: labels.callsAnswered, color: '#2b8a3e', values: values((f) => f.callsAnswered) },
        { name: labels.callsMissed, color: '#c92a2a', values: values((f) => f.callsMissed) },
        { name: labels.callsVoicemail, color: '#e8590c', values: values((f) => f.callsVoicemail) },
      ],
    }),
  ]);
  return { texts, calls };
}
