#!/usr/bin/env node
// Sandbox call in Chromium: ring → two-way audio. The built app (`npm run build -w @accueil/web`)
// served by the server from the sources on a fresh database with the demo clinic, opened all week;
// Debian's Chromium with a fake microphone. The phone simulator page (/sandbox/phone) calls the
// demo team; the administrator's inbox, signed in, answers as soon as its panel shows Answer (a
// script in the page clicks it: no human reaction time); each end's WebRTC leg with the server
// (`window.__sandboxVoicePeers`, as apps/web/e2e/support/call-audio.ts reads it) is polled every
// 5 ms in its page for inbound audio bytes (getStats inbound-rtp).
// Measured per call, all times taken in the pages with Date.now() (one machine, one clock):
// - ring: the dial click → the panel's Answer button in the inbox (`voice:incoming` through the
//   server and the realtime connection, rendered);
// - ring → audio at the agent: the dial click → the agent's leg receiving bytes (the caller's
//   audio: the server forwards it only once bridged, and the bridge carries both ways at once);
//   accept → the same;
// - accept → the device's answer request, → its offer request (microphone, ICE gathered);
// - the phone: its "in conversation" state, and its inbound bytes still growing after it (its leg
//   carried the greeting and hold music before: growth alone does not tell the agent's voice).
// Baseline in the same run: the sandbox's simulated text from the phone page
// (`POST /api/sandbox/messages`) → the conversation shown in the inbox: the same realtime path,
// no WebRTC. Not a test: run by hand (`flock /tmp/accueil-bench.lock nice …`), record docs/benchmarks.md.
//
//   node scripts/bench/calls-audio.mjs [--runs 3] [--port 3206] [--pg-db accueil_callbench]
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { startAccueil } from './lib/accueil-server.mjs';
import { psql } from './lib/postgres.mjs';
import { r1, reportRuns } from './lib/stats.mjs';

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    port: { type: 'string', default: '3206' },
    'pg-db': { type: 'string', default: 'accueil_callbench' },
    out: { type: 'string' },
  },
});
const log = (...m) => console.error(`[calls-audio] ${new Date().toISOString().slice(11, 19)} ${m.join(' ')}`);
const OPEN_ALL_WEEK = JSON.stringify({
  week: [0, 1, 2, 3, 4, 5, 6].map((day) => ({
    day,
    enabled: true,
    start: '00:00',
    end: '23:59',
    breaks: [],
  })),
  vacations: [],
});

/** In each page: `__audioAt(role, above)` resolves with the Date.now() at which `role`'s leg has received more than `above` audio bytes. */
function instrument() {
  const inbound = async (peer) => {
    let bytes = 0;
    (await peer.getStats()).forEach((r) => {
      if (r.type === 'inbound-rtp' && r.kind === 'audio') bytes += r.bytesReceived ?? 0;
    });
    return bytes;
  };
  window.__audioBytes = async (role) => {
    const peer = window.__sandboxVoicePeers?.[role];
    return peer && peer.connectionState === 'connected' ? inbound(peer) : 0;
  };
  window.__audioAt = (role, above) =>
    new Promise((resolve) => {
      const tick = async () =>
        (await window.__audioBytes(role)) > above ? resolve(Date.now()) : setTimeout(tick, 5);
      void tick();
    });
  /** Resolves with Date.now() once `selector` is in the page (and `text`, when given, is its text). */
  window.__seen = (selector, text) =>
    new Promise((resolve) => {
      const found = () => {
        const el = document.querySelector(selector);
        return el && (text === undefined || el.textContent === text) ? el : null;
      };
      if (found()) return resolve(Date.now());
      const observer = new MutationObserver(() => found() && (observer.disconnect(), resolve(Date.now())));
      observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    });
  document.addEventListener(
    'click',
    (e) => e.target.closest?.('[data-testid="phone-dial"]') && (window.__dialAt = Date.now()),
    true,
  );
}

/** The agent's side of one call: waits for Answer, clicks it at once, then for the caller's audio. */
function agentSide() {
  return window.__seen('[data-testid="call-accept"]').then(async (ringAt) => {
    document.querySelector('[data-testid="call-accept"]').click();
    const acceptAt = Date.now();
    const audioAt = await window.__audioAt('staff', 0);
    return { ringAt, acceptAt, audioAt };
  });
}

/** The phone's side: its "in conversation" state, then its inbound bytes growing past what they were then. */
function phoneSide() {
  return window.__seen('[data-testid="phone-call-state"]', 'En communication').then(async (answeredAt) => {
    const audioAt = await window.__audioAt('phone', await window.__audioBytes('phone'));
    return { answeredAt, audioAt };
  });
}

async function openPhone(context, from) {
  const phone = await context.newPage();
  await phone.goto('/sandbox/phone');
  await phone.getByRole('combobox', { name: 'Ce téléphone (numéro du contact)' }).click();
  await phone.getByRole('option', { name: 'Autre numéro…' }).click();
  await phone.getByLabel('Numéro du téléphone').fill(from);
  await phone.getByRole('combobox', { name: 'Numéro de l’équipe à joindre' }).click();
  await phone.getByRole('option', { name: 'Principal · (514) 555-0100' }).click();
  return phone;
}

/** One call: dial, auto-answer, audio both ends, hang up. Times in ms from the dial click. */
async function oneCall(agent, context, from) {
  const phone = await openPhone(context, from);
  // The agent device's requests (answer, then its offer), timed here: where accept → audio goes.
  const sent = {};
  const onRequest = (request) => {
    if (/\/sandbox\/calls\/[^/]+\/events$/.test(request.url()))
      sent[JSON.parse(request.postData() ?? '{}').type] ??= Date.now();
  };
  agent.on('request', onRequest);
  const agentDone = agent.evaluate(agentSide);
  const phoneDone = phone.evaluate(phoneSide);
  await phone.getByTestId('phone-dial').click();
  const timeout = new Promise((_, reject) =>
    setTimeout(() => reject(new Error('the call did not get audio both ways within 30 s')), 30_000),
  );
  const [a, p] = await Promise.race([Promise.all([agentDone, phoneDone]), timeout]).catch(async (error) => {
    await agent.screenshot({ path: '/tmp/calls-audio-agent.png' });
    await phone.screenshot({ path: '/tmp/calls-audio-phone.png' });
    throw error;
  });
  const dialAt = await phone.evaluate(() => window.__dialAt);
  agent.off('request', onRequest);
  await agent.getByTestId('call-hang-up').click();
  await phone.getByTestId('phone-call-state').filter({ hasText: 'Aucun appel.' }).waitFor();
  await phone.close();
  return {
    ringMs: a.ringAt - dialAt,
    ringToAgentAudioMs: a.audioAt - dialAt,
    acceptToAgentAudioMs: a.audioAt - a.acceptAt,
    acceptToAnswerSentMs: sent.answer - a.acceptAt,
    acceptToOfferSentMs: sent.signal - a.acceptAt,
    ringToPhoneAnsweredMs: p.answeredAt - dialAt,
    ringToTwoWayMs: Math.max(a.audioAt, p.audioAt) - dialAt,
  };
}

/**
 * The baseline: a simulated text from `+1 438 559-<suffix>` to the demo team → its new conversation
 * in the inbox's list (the number shown as `(438) 559-<suffix>`), 20 s at most.
 */
async function textToInbox(agent, base, suffix) {
  const shown = agent.evaluate(
    (text) =>
      new Promise((resolve) => {
        const observer = new MutationObserver(
          () => document.body.textContent.includes(text) && (observer.disconnect(), resolve(Date.now())),
        );
        observer.observe(document.body, { childList: true, subtree: true, characterData: true });
        setTimeout(() => resolve(NaN), 20_000);
      }),
    `(438) 559-${suffix}`,
  );
  const sentAt = Date.now();
  const res = await fetch(`${base}/api/sandbox/messages`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ from: `+1438559${suffix}`, to: '+15145550100', body: 'bench' }),
  });
  if (!res.ok) throw new Error(`sandbox text → ${res.status} ${await res.text()}`);
  return (await shown) - sentAt;
}

const suffix = () => String((Date.now() % 9000) + 1000);
log('server (demo clinic, fresh database)');
const server = await startAccueil({
  port: Number(args.port),
  db: 'postgres',
  pgDb: args['pg-db'],
  seedDemo: true,
  probe: false,
  env: { MESSAGING_CARRIER: 'sandbox', VOICE_CARRIER: 'sandbox' },
  readyTimeoutS: 300,
});
psql(args['pg-db'], `UPDATE organizations SET schedule = '${OPEN_ALL_WEEK}'::jsonb`);
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--use-fake-ui-for-media-stream',
    '--use-fake-device-for-media-stream',
  ],
});
try {
  const context = await browser.newContext({
    baseURL: server.base,
    locale: 'fr-CA',
    viewport: { width: 1440, height: 900 },
  });
  context.setDefaultTimeout(20_000);
  await context.grantPermissions(['microphone']);
  await context.addInitScript(instrument);
  const agent = await context.newPage();
  await agent.goto('/login');
  await agent.getByLabel("Nom d'utilisateur").fill('admin');
  await agent.getByLabel('Mot de passe', { exact: true }).fill('Demo-Accueil-2026');
  await agent.getByTestId('login-submit').click();
  await agent.waitForURL(/\/conversations$/);
  await agent.getByRole('region', { name: 'Liste des conversations' }).getByRole('option').first().click();
  await agent.getByTestId('call-button').waitFor();
  log('warm-up call (not measured)');
  await oneCall(agent, context, `+1438558${suffix()}`);
  await reportRuns({
    runs: Number(args.runs),
    out: args.out,
    oneRun: async (run) => {
      const started = performance.now();
      const call = await oneCall(agent, context, `+1438558${suffix()}`);
      const textToInboxMs = await textToInbox(agent, server.base, suffix());
      log(`run ${run} in ${Math.round(performance.now() - started)} ms`);
      return {
        date: new Date().toISOString(),
        ...call,
        baselineTextToInboxMs: textToInboxMs,
        ratioRingVsText: r1(call.ringMs / textToInboxMs),
      };
    },
  });
} finally {
  await browser.close();
  await server.stop();
}
