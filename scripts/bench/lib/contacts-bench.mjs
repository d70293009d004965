// The contacts benchmark's page and search parts (scripts/bench/import.mjs): the demo clinic
// filled with generated contacts, searches one at a time, the contacts page scrolled in Chromium.
import { chromium } from '@playwright/test';
import { pct, r1 } from './stats.mjs';

/** Fills the demo clinic (`demoOrgSql` answers its id; `conn.query(sql)` answers text) up to `total` contacts (generated names, e-mails and phones). */
export async function fillContacts(conn, demoOrgSql, total) {
  const org = (await conn.query(demoOrgSql)).trim();
  const have = Number(await conn.query(`SELECT count(*) FROM contacts WHERE organization_id = '${org}'`));
  const step = 50_000;
  for (let from = have; from < total; from += step) {
    const to = Math.min(total, from + step) - 1;
    await conn.query(`INSERT INTO contacts (organization_id, first_name, last_name, phone, email, gender)
      SELECT '${org}', 'Filler' || g, 'Famille' || (g % 4999), '+1450' || lpad((2000000 + g)::text, 7, '0'), 'f' || g || '@exemple.org', 'male'
      FROM generate_series(${from}, ${to}) g`);
  }
  // VACUUM as autovacuum would soon after such a load: it also empties the trigram indexes'
  // pending lists (GIN fastupdate), which every search reads through until then.
  await conn.query('VACUUM ANALYZE contacts');
  return Number(await conn.query(`SELECT count(*) FROM contacts WHERE organization_id = '${org}'`));
}

/** `count` searches one at a time (names, e-mails, phones; accents off): latency percentiles in ms. */
export async function searchLatencies(base, headers, count) {
  const terms = (i) =>
    [
      `famille${(i * 37) % 4999}`,
      `filler${(i * 7919) % 400000}`,
      `f${(i * 104729) % 400000}@exem`,
      `450 2${String((i * 4111) % 1000000)
        .padStart(6, '0')
        .slice(0, 3)}`,
      `prénom${(i * 13) % 100000}`,
      `Nom${i % 997}`,
    ][i % 6];
  for (let i = 0; i < 20; i++)
    await fetch(`${base}/api/contacts?search=${encodeURIComponent(terms(i + 1000))}`, { headers }).then((r) =>
      r.text(),
    );
  const ms = [];
  const kinds = ['family', 'filler', 'email', 'phone', 'first name', 'last name'];
  const byKind = Object.fromEntries(kinds.map((k) => [k, []]));
  for (let i = 0; i < count; i++) {
    const t0 = performance.now();
    const res = await fetch(`${base}/api/contacts?search=${encodeURIComponent(terms(i))}`, { headers });
    await res.text();
    if (res.status !== 200) throw new Error(`search ${terms(i)}: ${res.status}`);
    ms.push(performance.now() - t0);
    byKind[kinds[i % 6]].push(ms.at(-1));
  }
  const p95ByKind = Object.fromEntries(kinds.map((k) => [k, r1(pct(byKind[k], 95))]));
  return {
    requests: count,
    p50Ms: r1(pct(ms, 50)),
    p95Ms: r1(pct(ms, 95)),
    p99Ms: r1(pct(ms, 99)),
    maxMs: r1(Math.max(...ms)),
    p95ByKind,
  };
}

/** The contacts page in Chromium: first rows drawn, then All scrolled to the end; long tasks over 50 ms. */
export async function contactsPageRun(base) {
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 }, locale: 'fr-CA' });
    await page.addInitScript(() => {
      window.__longTasks = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) window.__longTasks.push({ at: e.startTime, ms: e.duration });
      }).observe({ type: 'longtask', buffered: true });
    });
    await page.goto(`${base}/login`);
    await page.getByLabel("Nom d'utilisateur").fill('admin');
    await page.getByLabel('Mot de passe', { exact: true }).fill('Demo-Accueil-2026');
    await page.getByTestId('login-submit').click();
    await page.waitForURL(/\/conversations$/);
    // The inbox's own start (its list, the realtime connection, the calls layer loaded when the
    // browser is idle) is not the contacts page's: its long tasks, if any, are left before the
    // click (contacts-page.mjs --inbox-wait 0 measures a click during it).
    await page.waitForTimeout(1000);
    await page.evaluate(() => (window.__longTasks.length = 0));
    const t0 = Date.now();
    await page.getByRole('link', { name: 'Contacts' }).click();
    await page.getByRole('row').nth(1).waitFor();
    const firstRowsMs = Date.now() - t0;
    await page.waitForTimeout(500);
    const renderTasks = await page.evaluate(() => window.__longTasks.splice(0));
    await page.getByRole('combobox', { name: 'Par page' }).click();
    await page.getByRole('option', { name: 'Tous' }).click();
    await page.getByRole('row').nth(1).waitFor();
    await page.waitForTimeout(500);
    await page.evaluate(() => (window.__longTasks.length = 0));
    const scroller = page.locator('table').locator('xpath=..');
    const total = await scroller.evaluate((el) => el.scrollHeight);
    const box = await scroller.boundingBox();
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    // A person's scrolling: 300 wheel steps of 400 px (≈ 2,400 rows), then jumps to the middle
    // and the end of the list (pages of 500 read as they come into view), each followed by wheel steps.
    const t1 = Date.now();
    let steps = 0;
    const wheel = async (n) => {
      for (let i = 0; i < n; i++, steps++) {
        await page.mouse.wheel(0, 400);
        await page.waitForTimeout(16);
      }
    };
    await wheel(300);
    for (const at of [0.5, 1]) {
      await scroller.evaluate((el, f) => el.scrollTo({ top: el.scrollHeight * f - el.clientHeight }), at);
      await page.waitForTimeout(1500);
      await wheel(at === 1 ? 0 : 50);
    }
    const scrollSeconds = (Date.now() - t1) / 1000;
    const rowsInDom = await page.locator('tbody tr').count();
    const scrollTasks = await page.evaluate(() => window.__longTasks.splice(0));
    const summary = (tasks) => ({
      count: tasks.length,
      over50: tasks.filter((t) => t.ms > 50).length,
      maxMs: r1(Math.max(0, ...tasks.map((t) => t.ms))),
    });
    return {
      firstRowsMs,
      render: summary(renderTasks),
      scroll: {
        ...summary(scrollTasks),
        steps,
        seconds: r1(scrollSeconds),
        scrollHeightPx: total,
        rowsInDom,
      },
    };
  } finally {
    await browser.close();
  }
}
