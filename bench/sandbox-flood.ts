/**
 * Part of the sandbox bench (bench/sandbox.ts): a sites_add of 10,000 entries into
 * an account whose plan takes 1,000 is refused (141900) before any entry takes the
 * full check, whatever the names' form (docs/sandbox.md, "Sites"). Prints the
 * sandbox's own measure of each (timewait) and the whole request's time; then
 * another account's sites_list while two clients loop on such calls.
 */
import { domainToASCII } from 'node:url';
import { z } from 'zod';

/** The names' forms the plan's pre-check must read cheaply, 10,000 entries of each. */
const FLOOD_FORMS: ReadonlyArray<readonly [string, (i: number) => string]> = [
  ['plain', (i) => `flood-${i}.bench.example`],
  ['user part URL', (i) => `https://u@flood-${i}.bench.example/`],
  ['long URL', (i) => `https://flood-${i}.bench.example/${'p'.repeat(120)}?${'q'.repeat(40)}`],
  ['UTF-8 IDN', (i) => `bücher-${i}.bench.example`],
  ['xn--', (i) => domainToASCII(`bücher-${i}.bench.example`)],
];

const answerSchema = z.looseObject({ error: z.number(), timewait: z.number() });

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? NaN;
}

/** `post` sends one sites_add body (JSON text) with the account's key and answers the envelope. */
export async function planFlood(runs: number, post: (body: string) => Promise<unknown>): Promise<void> {
  for (const [form, name] of FLOOD_FORMS) {
    const body = JSON.stringify(Array.from({ length: 10_000 }, (_, i) => name(i)));
    const waits: number[] = [];
    const times: number[] = [];
    for (let run = 0; run < runs; run++) {
      const t0 = performance.now();
      const answer = answerSchema.parse(await post(body));
      times.push(performance.now() - t0);
      if (answer.error !== 141900) throw new Error(`sites_add over the plan answered ${answer.error}, not 141900`);
      waits.push(answer.timewait);
    }
    console.log(
      `sandbox: sites_add of 10,000 entries (${form}) over a 1,000-site plan refused (141900): timewait median ${median(waits)} ms, max ${Math.max(...waits)} ms (${runs} runs; target ≤ 20 ms); whole request median ${median(times).toFixed(0)} ms`,
    );
  }
}

/** How long the neighbours' loop runs. */
const NEIGHBOUR_MS = 10_000;

function percentile(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((s.length * p) / 100))] ?? NaN;
}

/**
 * Two clients loop on over-the-plan sites_add calls (each name form in turn) while
 * `list` (another account's sites_list) is timed, one call after the other.
 */
export async function planFloodNeighbour(
  post: (body: string) => Promise<unknown>,
  list: () => Promise<unknown>,
): Promise<void> {
  const bodies = FLOOD_FORMS.map(([, name]) => JSON.stringify(Array.from({ length: 10_000 }, (_, i) => name(i))));
  const until = performance.now() + NEIGHBOUR_MS;
  const loop = async (start: number) => {
    for (let i = start; performance.now() < until; i++) await post(bodies[i % bodies.length] ?? '[]');
  };
  const times: number[] = [];
  const measure = async () => {
    while (performance.now() < until) {
      const t0 = performance.now();
      await list();
      times.push(performance.now() - t0);
    }
  };
  await Promise.all([loop(0), loop(2), measure()]);
  console.log(
    `sandbox: another account's sites_list while two clients loop on sites_add of 10,000 entries over the plan: p50 ${percentile(times, 50).toFixed(0)} ms, p99 ${percentile(times, 99).toFixed(0)} ms (${times.length} calls in ${NEIGHBOUR_MS / 1000} s; target p99 ≤ 50 ms)`,
  );
}
