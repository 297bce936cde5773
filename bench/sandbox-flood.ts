/**
 * Part of the sandbox bench (bench/sandbox.ts): a sites_add of 10,000 entries into
 * an account whose plan takes 1,000 is refused (141900) before any entry takes the
 * full check, whatever the names' form (docs/sandbox.md, "Sites"). Prints the
 * sandbox's own measure of each (timewait) and the whole request's time.
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
