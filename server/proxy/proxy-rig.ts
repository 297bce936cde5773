/**
 * The proxy's upstream tests' rig: the proxy served over HTTP in front of a
 * recording upstream (test-support.ts), closed after each test.
 */
import { afterEach } from 'vitest';
import { z } from 'zod';
import { envelopeSchema } from '../../src/api/schemas.ts';
import { createProxy } from './app.ts';
import type { ProxyOptions } from './options.ts';
import { serveApp, startUpstream, type Served, type TestUpstream, type UpstreamBehaviour } from './test-support.ts';

/** The envelope of an echoEnvelope answer: what reached the upstream. */
const echoResult = z.object({ url: z.string(), method: z.string(), cookie: z.string().nullable(), body: z.string() });
export const echoEnvelopeSchema = z.looseObject({ ...envelopeSchema.shape, result: echoResult });

export function envelopeOf(answer: { text: string }) {
  return envelopeSchema.parse(JSON.parse(answer.text));
}

export interface Rig {
  upstream: TestUpstream;
  proxy: Served;
  logs: string[];
}

const cleanups: Array<() => Promise<void>> = [];

/**
 * The proxy (with the options given) served over HTTP in front of a recording
 * upstream; both close after the test (a test file that uses it calls
 * `closeRigsAfterEach()` once).
 */
export async function rig(behaviour?: UpstreamBehaviour, options: Partial<ProxyOptions> = {}): Promise<Rig> {
  const upstream = await startUpstream(behaviour);
  cleanups.push(() => upstream.close());
  const logs: string[] = [];
  const app = createProxy({
    upstream: { kind: 'remote', baseUrl: upstream.baseUrl },
    appKey: 'partner-app-key-secret',
    log: (line) => logs.push(line),
    ...options,
  });
  const proxy = await serveApp(app);
  cleanups.push(() => proxy.close());
  return { upstream, proxy, logs };
}

/** Closes what a test started, after it (with closeRigsAfterEach). */
export function afterTest(close: () => Promise<void>): void {
  cleanups.push(close);
}

export function closeRigsAfterEach(): void {
  afterEach(async () => {
    while (cleanups.length > 0) await cleanups.pop()?.();
  });
}
