/**
 * `npm test`: every phase side by side, each reporting whatever the others do.
 *
 *   typecheck   tsc, incremental (node_modules/.cache)
 *   lint        ESLint with its cache
 *   format      Prettier's check with its cache (a location of its own: a plain
 *               `npx prettier` run deletes the default one, and the next check
 *               reads every file again, 15 s of CPU)
 *   unit        Vitest (unit, integration and component tests)
 *   e2e         Playwright's core project in Chromium
 *
 * Side by side because no phase keeps 2 cores busy on its own: the end-to-end
 * tests wait on a real browser and a real server, and the checks fill those
 * waits. Each phase's output is printed whole when it ends (so phases do not
 * interleave), then a table of every phase with its time and counts, and a
 * closing line "N passed, N failed". The exit code is the first failed
 * phase's (0 when all pass): a failure in one phase never hides the others.
 *
 * `npm test -- unit e2e` runs only the phases named. `npm run test:wide`
 * (`--wide`) runs the wide suite's phases instead, which .ci/run runs after
 * `npm test`: every page's looks and German in Playwright, the Vitest tests
 * that start whole processes, and knip.
 */
import { spawn } from 'node:child_process';

interface Phase {
  name: string;
  command: string[];
  /** Counts of tests read from the phase's output; null when the phase is one check. */
  count?: (output: string) => { passed: number; failed: number } | null;
  /** A phase of the wide suite (`--wide`), not of `npm test`. */
  wide?: boolean;
}

const ANSI = new RegExp(String.raw`\u001b\[[0-9;]*m`, 'g');

/** Vitest's summary line: "Tests  2 failed | 1063 passed (1065)". */
function vitestCounts(output: string) {
  const line = output
    .replace(ANSI, '')
    .split('\n')
    .find((l) => /^\s*Tests\s+.*\(\d+\)\s*$/.test(l));
  if (line === undefined) return null;
  const n = (word: string) => Number(new RegExp(String.raw`(\d+) ${word}`).exec(line)?.[1] ?? 0);
  return { passed: n('passed'), failed: n('failed') };
}

/** Playwright's summary lines: "  80 passed (1.2m)", "  1 failed", "  2 flaky". */
function playwrightCounts(output: string) {
  const text = output.replace(ANSI, '');
  const n = (word: string) => Number(new RegExp(String.raw`^\s*(\d+) ${word}\b`, 'm').exec(text)?.[1] ?? 0);
  const passed = n('passed') + n('flaky');
  const failed = n('failed') + n('interrupted');
  return passed + failed === 0 && !/\d+ skipped/.test(text) ? null : { passed, failed };
}

const PHASES: Phase[] = [
  { name: 'typecheck', command: ['npm', 'run', 'typecheck', '--silent'] },
  { name: 'lint', command: ['npm', 'run', 'lint', '--silent'] },
  { name: 'format', command: ['npm', 'run', 'format:check', '--silent'] },
  { name: 'unit', command: ['npm', 'run', 'test:unit', '--silent'], count: vitestCounts },
  // The list reporter only: its lines carry every failure, and the HTML report (written at the
  // end, on the critical path) is for a run of its own (`npm run test:e2e`).
  { name: 'e2e', command: ['npm', 'run', 'test:e2e', '--silent', '--', '--reporter=list'], count: playwrightCounts },
  { name: 'knip', command: ['npx', 'knip'], wide: true },
  { name: 'wide-unit', command: ['npx', 'vitest', 'run', '--project', 'wide'], count: vitestCounts, wide: true },
  {
    name: 'wide-e2e',
    command: ['npx', 'playwright', 'test', '--project=wide', '--reporter=list'],
    count: playwrightCounts,
    wide: true,
  },
];

interface Result {
  name: string;
  code: number;
  seconds: number;
  counts: { passed: number; failed: number } | null;
  /** The lines that name a failed test, printed again under the table (a log's tail is often all one sees). */
  failures: string[];
}

/**
 * Lines naming a failed test: Vitest's "FAIL  file > suite > test" and "× test",
 * Playwright's "✘ … › test". Each once, at most 20, each at most 240 characters.
 */
function failureLines(output: string): string[] {
  const lines = output
    .replace(ANSI, '')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => /^(FAIL\s|×\s|✘\s)/.test(l))
    .map((l) => (l.length > 240 ? `${l.slice(0, 239)}…` : l));
  return [...new Set(lines)].slice(0, 20);
}

function run(phase: Phase): Promise<Result> {
  const started = Date.now();
  console.log(`== ${phase.name}: started`);
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    const [command, ...args] = phase.command as [string, ...string[]];
    const child = spawn(command, args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      // The runners see no terminal: Playwright's list reporter and Vitest's default one
      // print plain lines, which the counts are read from.
      env: { ...process.env, FORCE_COLOR: '0' },
    });
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.on('close', (code, signal) => {
      const output = Buffer.concat(chunks).toString('utf8').trimEnd();
      const seconds = (Date.now() - started) / 1000;
      const verdict = code === 0 ? 'passed' : `FAILED (${signal ?? `exit ${code}`})`;
      console.log(`\n== ${phase.name}: ${verdict} in ${seconds.toFixed(1)} s`);
      if (output) console.log(output);
      const counts = phase.count ? phase.count(output) : null;
      resolve({ name: phase.name, code: code ?? 1, seconds, counts, failures: code === 0 ? [] : failureLines(output) });
    });
  });
}

const wide = process.argv.includes('--wide');
const wanted = process.argv.slice(2).filter((arg) => arg !== '--wide');
const unknown = wanted.filter((name) => !PHASES.some((p) => p.name === name));
if (unknown.length > 0) {
  console.error(`Unknown phase ${unknown.join(', ')}; the phases are ${PHASES.map((p) => p.name).join(', ')}.`);
  process.exit(2);
}
const phases =
  wanted.length === 0
    ? PHASES.filter((p) => (p.wide ?? false) === wide)
    : PHASES.filter((p) => wanted.includes(p.name));
// The longest phase first, so it starts before the others take the cores.
const started = Date.now();
const results = await Promise.all([...phases].reverse().map(run));
results.reverse();

let passed = 0;
let failed = 0;
console.log(`\n== ${wide ? 'the wide suite' : 'npm test'}: each phase`);
for (const r of results) {
  // A check is one test; a runner's tests count one by one. A runner whose counts cannot be
  // read but that failed counts as one failure, so the closing line never reads as all passed.
  const c = r.counts ?? (r.code === 0 ? { passed: 1, failed: 0 } : { passed: 0, failed: 1 });
  const failedHere = r.code !== 0 && c.failed === 0 ? 1 : c.failed;
  passed += c.passed;
  failed += failedHere;
  const counted = r.counts ? `${c.passed} passed, ${failedHere} failed` : r.code === 0 ? 'passed' : 'FAILED';
  console.log(`  ${r.name.padEnd(10)} ${`${r.seconds.toFixed(1)} s`.padStart(8)}  ${counted}`);
}
console.log(`  ${'in all'.padEnd(10)} ${`${((Date.now() - started) / 1000).toFixed(1)} s`.padStart(8)}`);
for (const r of results.filter((x) => x.failures.length > 0)) {
  console.log(`\n== ${r.name}: what failed (the phase's output above has the details)`);
  for (const line of r.failures) console.log(`  ${line}`);
}
console.log(`\n${passed} passed, ${failed} failed`);
process.exitCode = results.find((r) => r.code !== 0)?.code ?? 0;
