import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { loadConfig, type Config } from './config';
import { refuseUnsafeProduction } from './config-production';
import { DEMO_PASSWORD, seedDemo, type DemoSeedResult } from './db/seed-demo';
import { startNewJobQueueBeforeListen } from './jobs/start-new-job-queue-before-listen';

/** The web app's build output, apps/web/dist, found from this file (src/main.ts). */
const DEFAULT_WEB_DIST_DIR = fileURLToPath(new URL('../../web/dist', import.meta.url));
/** The repository's `.env` (optional): its values fill what the environment does not set. */
const ENV_FILE = fileURLToPath(new URL('../../../.env', import.meta.url));

function readConfig(): Config {
  try {
    if (existsSync(ENV_FILE)) process.loadEnvFile(ENV_FILE);
    const config = loadConfig();
    refuseUnsafeProduction(config);
    return config;
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n`);
    process.exit(1);
  }
}

function banner(lines: string[]): void {
  process.stdout.write(`\n${lines.map((l) => `  ${l}`).join('\n')}\n\n`);
}

function startBanner(
  config: Config,
  url: string,
  databaseKind: string,
  servesWebApp: boolean,
  demo: DemoSeedResult,
): string[] {
  const lines = [
    `Accueil is running at ${url}`,
    `Database: ${databaseKind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite, embedded in ${config.DATA_DIR}`}`,
    `Messaging carrier: ${config.MESSAGING_CARRIER}${config.MESSAGING_CARRIER === 'sandbox' ? ' (simulated phones)' : ''}`,
    `API docs: ${url}/api/docs`,
  ];
  if (!servesWebApp) lines.push('Web app: not built (run `npm run build`); serving the API only');
  if (demo.present) {
    lines.push(`${demo.seeded ? 'Demo data created. ' : ''}Demo sign-in (password ${DEMO_PASSWORD}):`);
    for (const u of demo.users) lines.push(`  ${u.username.padEnd(8)} ${u.role.padEnd(6)} ${u.organization}`);
  }
  if (demo.invitationCode)
    lines.push(
      `Invitation code to onboard a new clinic at ${url}/onboarding (valid 14 days): ${demo.invitationCode}`,
    );
  return lines;
}

/** Process entry: configuration, app, demo data on first start, listen, graceful shutdown. */
async function main(): Promise<void> {
  const config = readConfig();
  const built = await buildApp(config, { webDistDir: config.WEB_DIST_DIR ?? DEFAULT_WEB_DIST_DIR });
  const { app } = built;
  const demo = await seedDemo(built.deps.db, { enabled: config.SEED_DEMO });

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) process.exit(1);
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    built.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));

  await startNewJobQueueBeforeListen(app, built.jobs);
  await app.listen({ host: config.HOST, port: config.PORT });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  const host = config.HOST === '0.0.0.0' || config.HOST === '::' ? 'localhost' : config.HOST;
  banner(startBanner(config, `http://${host}:${port}`, built.databaseKind, built.servesWebApp, demo));
}

main().catch((error: unknown) => {
  process.stderr.write(
    `Accueil failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
