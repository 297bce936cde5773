/**
 * `tsx scripts/run-together.ts typecheck lint format:check`: runs npm scripts
 * side by side (on 2 cores, tsc and ESLint, each single-threaded, take the
 * time of the longer instead of their sum), prints each one's output whole
 * when it ends, and exits with the first failure's code (0 when all pass).
 */
import { spawn } from 'node:child_process';

const names = process.argv.slice(2);
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

const results = await Promise.all(
  names.map(
    (name) =>
      new Promise<{ name: string; code: number; output: string; seconds: number }>((resolve) => {
        const started = Date.now();
        const chunks: Buffer[] = [];
        const child = spawn(npm, ['run', name], { stdio: ['ignore', 'pipe', 'pipe'] });
        child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
        child.stderr.on('data', (chunk: Buffer) => chunks.push(chunk));
        child.on('close', (code, signal) => {
          const output = Buffer.concat(chunks).toString('utf8').trimEnd();
          const seconds = (Date.now() - started) / 1000;
          console.log(
            `== ${name}: ${code === 0 ? 'passed' : `failed (${signal ?? `exit ${code}`})`} in ${seconds.toFixed(1)} s`,
          );
          if (output) console.log(output);
          resolve({ name, code: code ?? 1, output, seconds });
        });
      }),
  ),
);

process.exitCode = results.find((r) => r.code !== 0)?.code ?? 0;
