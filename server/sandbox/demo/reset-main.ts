/**
 * `npm run demo:reset`: restores the demo account to its seed in the configured
 * database (SANDBOX_DB, SANDBOX_DEMO_SITES), and says what it did. Safe while
 * `npm start` or `npm run sandbox` runs on the same file (docs/sandbox.md).
 */
import { ConfigError, sandboxConfigFromEnv, type SandboxConfig } from '../config.ts';
import { openDb } from '../db.ts';
import { SandboxState } from '../state.ts';
import { DEMO_EMAIL } from './fixtures.ts';
import { resetDemo } from './reset.ts';

function configOrExit(): SandboxConfig {
  try {
    return sandboxConfigFromEnv(process.env);
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    console.error(
      `npm run demo:reset: the configuration is invalid.\n${err.problems.map((p) => `  - ${p}`).join('\n')}`,
    );
    process.exit(1);
  }
}

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en')} ${n === 1 ? one : many}`;

function main(): void {
  const config = configOrExit();
  if (config.dbPath === ':memory:') {
    console.error('npm run demo:reset: SANDBOX_DB is :memory:, a database no other process can see; nothing to reset.');
    process.exit(1);
  }
  const started = performance.now();
  const db = openDb(config.dbPath);
  try {
    const { removed, seeded, siteLimit } = resetDemo(new SandboxState(db, config, () => {}));
    const ms = performance.now() - started;
    const took = ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`;
    console.log(`Demo account ${DEMO_EMAIL} reset in ${config.dbPath} (${took})`);
    console.log(
      removed === null
        ? '  Removed: nothing (there was no demo account)'
        : `  Removed: ${plural(removed.sites, 'site')}, ${plural(removed.reports, 'scan report')}, ` +
            `${plural(removed.units, 'unit')}, ${removed.agency ? 'the agency' : 'no agency'}, ` +
            `${plural(removed.keys, 'key')} made by signin (their sessions end), ` +
            `${plural(removed.mails, 'mail')} in the outbox, ${plural(removed.codes, 'one-time password')}`,
    );
    console.log(
      `  Seeded: ${plural(seeded.sites, 'site')} (SANDBOX_DEMO_SITES=${config.demoSites}), ${plural(seeded.units, 'unit')}, ` +
        `${plural(seeded.reports, 'past scan report')}, the agency, a plan of ${plural(siteLimit, 'site')}`,
    );
    console.log('  A server running on this file shows the new demo at once; sign in to the demo account again.');
  } finally {
    db.close();
  }
}

main();
