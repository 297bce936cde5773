/**
 * Login-route JavaScript budget: starts the real server (`npm start`,
 * which builds the SPA when stale), opens /login in Chromium, and sums every
 * script the page loads, gzip-compressed (target < 130 KiB). Also checks that
 * Recharts stays out of the entry chunk.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { chromiumExecutable } from '../test-support/chromium.ts';
import { temporaryDirectory, type RunningServer } from '../test-support/servers.ts';
import { startSmallDemo } from './demo-stack.ts';

export async function benchBundle(): Promise<void> {
  const dir = temporaryDirectory('bundle-bench-');
  let server: RunningServer | undefined;
  let browser;
  try {
    server = await startSmallDemo(dir.path);
    const base = server.origin;
    browser = await chromium.launch({
      executablePath: chromiumExecutable(() => chromium.executablePath(), process.env, 'benches'),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
    const page = await browser.newPage();
    const scripts = new Map<string, Buffer>();
    page.on('response', async (res) => {
      if (res.request().resourceType() === 'script') scripts.set(res.url(), await res.body());
    });
    await page.goto(`${base}/login`, { waitUntil: 'networkidle' });
    await page.getByRole('textbox').first().waitFor();
    let raw = 0;
    let gz = 0;
    const rows: string[] = [];
    for (const [url, body] of scripts) {
      const g = gzipSync(body, { level: 9 }).byteLength;
      raw += body.byteLength;
      gz += g;
      rows.push(`    ${new URL(url).pathname}: ${(g / 1024).toFixed(1)} KiB gzip`);
    }
    console.log(
      `bundle: JavaScript loaded for /login: ${(gz / 1024).toFixed(1)} KiB gzip (${(raw / 1024).toFixed(1)} KiB raw) in ${scripts.size} files (target < 130 KiB)`,
    );
    console.log(rows.sort().join('\n'));
    const entry = [...scripts.keys()].find((u) => /\/assets\/index-[^/]+\.js$/.test(u));
    const entryText = entry ? (scripts.get(entry)?.toString('utf8') ?? '') : '';
    const assets = existsSync('dist/assets') ? readdirSync('dist/assets') : [];
    const rechartsChunk = assets.some(
      (f) => f.endsWith('.js') && readFileSync(join('dist/assets', f), 'utf8').includes('recharts'),
    );
    console.log(
      `bundle: Recharts in the entry chunk: ${/recharts/i.test(entryText) ? 'YES (over budget rule)' : 'no'}${rechartsChunk ? '' : ' (not in the build yet)'}`,
    );
  } finally {
    await browser?.close();
    await server?.stop();
    dir.remove();
  }
}
