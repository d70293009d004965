import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { statisticsWeeklyReports } from '../../db/schema/statistics';
import { inJobScope } from '../../jobs/job-definition';
import { buildOrganization } from '../../test/factories';
import { mailsTo } from '../../test/sandbox-mail';
import { addStatisticsRecipients, buildStatisticsWeek } from '../../test/statistics-factories';
import { useTestApp } from '../../test/test-app';
import { statisticsWeeklyReportJob } from './statistics-weekly-report.job';

/** The weekly report: its figures, its Sunday in each time zone, once per week. */
const t = useTestApp();

const run = (now: string) =>
  inJobScope(statisticsWeeklyReportJob, {}, () => statisticsWeeklyReportJob.handler(t.deps, { now }));
const uniqueEmail = (name: string) => `${name}-${crypto.randomUUID().slice(0, 8)}@clinique.example`;

describe('the weekly report', () => {
  it('mails each recipient the hand-computed week, per team and per day, with two charts inline', async () => {
    const { org } = await buildStatisticsWeek();
    const [direction, compta] = [uniqueEmail('direction'), uniqueEmail('compta')];
    await addStatisticsRecipients(org.id, [direction, compta]);
    // Sunday 29 at 07:00 in Toronto: the week of the 22nd to the 28th.
    const output = await run('2026-11-29T12:00:00Z');
    expect(output).toMatchObject({ sent: 1 });
    const [mail] = await mailsTo(t.app, direction);
    expect(await mailsTo(t.app, compta)).toHaveLength(1);
    expect(mail!.subject).toBe(`Statistiques de la semaine (22–28 nov. 2026) — ${org.name}`);
    // The week's figures (fr-CA): 3 conversations, 5 texts in, 4 out, first response 10 min (median) and 1 h (p90).
    const text = mail!.text.replace(/\s+/g, ' ');
    expect(text).toContain('Conversations ouvertes 3');
    expect(text).toContain('Textos reçus 5');
    expect(text).toContain('Textos envoyés 4');
    expect(text).toContain('Première réponse (médiane) 10 min');
    expect(text).toContain('Première réponse (90e centile) 1 h');
    expect(text).toContain('Appels répondus 1');
    expect(text).toContain('Appels vers la boîte vocale 1');
    // Per team and per day.
    expect(text).toMatch(/Accueil 2 4 4 10 min 1 h 1 1 0/);
    expect(text).toMatch(/Facturation 1 1 0 — — 0 0 1/);
    expect(text).toMatch(/lun\. 23 nov\. 2 4 3 10 min 1 h 1 1 0/);
    // The charts, inline (the sandbox mailbox puts them in place as data URLs).
    expect(mail!.html.match(/<img[^>]+src="data:image\/png;base64,/g)).toHaveLength(2);
    expect(mail!.html).toContain('alt="Textos par jour"');
  });

  it('is due on Sunday from 06:00 in the organisation’s time zone, across daylight saving', async () => {
    const paris = await buildOrganization({ timeZone: 'Europe/Paris', locale: 'fr-FR' });
    const auckland = await buildOrganization({ timeZone: 'Pacific/Auckland', locale: 'en-CA' });
    const [toParis, toAuckland] = [uniqueEmail('paris'), uniqueEmail('auckland')];
    await addStatisticsRecipients(paris.id, [toParis]);
    await addStatisticsRecipients(auckland.id, [toAuckland]);
    const sentWeeks = async (organizationId: string) =>
      (
        await t.deps.db
          .select()
          .from(statisticsWeeklyReports)
          .where(eq(statisticsWeeklyReports.organizationId, organizationId))
      ).map((r) => r.weekStart);

    // Paris, the Sunday summer time starts (2026-03-29): 06:00 CEST is 04:00 UTC.
    await run('2026-03-29T03:59:00Z');
    expect(await sentWeeks(paris.id)).toEqual([]);
    await run('2026-03-29T04:00:00Z');
    expect(await sentWeeks(paris.id)).toEqual(['2026-03-22']);
    // Those runs were Sunday afternoon in Auckland: its week of March 22 went too.
    expect(await sentWeeks(auckland.id)).toEqual(['2026-03-22']);
    // Auckland, the Sunday its daylight saving starts (2026-09-27): 06:00 NZDT is Saturday 17:00 UTC.
    await run('2026-09-26T16:59:00Z');
    expect(await sentWeeks(auckland.id)).toEqual(['2026-03-22']);
    await run('2026-09-26T17:00:00Z');
    expect((await sentWeeks(auckland.id)).sort()).toEqual(['2026-03-22', '2026-09-20']);
    const english = (await mailsTo(t.app, toAuckland)).find((m) => m.subject.includes('Sep'));
    expect(english!.subject).toMatch(/^Statistics of the week \(Sep 20–26, 2026\) — /);
    expect((await mailsTo(t.app, toParis))[0]!.subject).toMatch(
      /^Statistiques de la semaine \(22–28 mars 2026\) — /,
    );
  });

  it('is sent once per week: two runs at once, and the next hours of the Sunday, send nothing more', async () => {
    const { org } = await buildStatisticsWeek();
    const to = uniqueEmail('once');
    await addStatisticsRecipients(org.id, [to]);
    await Promise.all([run('2026-11-29T12:00:00Z'), run('2026-11-29T12:00:01Z')]);
    await run('2026-11-29T13:15:00Z');
    expect(await mailsTo(t.app, to)).toHaveLength(1);
    const claimed = await t.deps.db
      .select()
      .from(statisticsWeeklyReports)
      .where(
        and(
          eq(statisticsWeeklyReports.organizationId, org.id),
          eq(statisticsWeeklyReports.weekStart, '2026-11-22'),
        ),
      );
    expect(claimed).toMatchObject([{ recipients: 1 }]);
  });

  it('without recipients nothing is claimed: a recipient added later that Sunday gets the week', async () => {
    const { org } = await buildStatisticsWeek();
    await run('2026-11-29T12:00:00Z');
    const to = uniqueEmail('late');
    await addStatisticsRecipients(org.id, [to]);
    await run('2026-11-29T15:15:00Z');
    expect(await mailsTo(t.app, to)).toHaveLength(1);
  });
});
