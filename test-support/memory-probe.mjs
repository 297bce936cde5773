/**
 * Loaded into a server the tests or benches start (`NODE_OPTIONS=--expose-gc
 * --import <this file>`, with MEMORY_PROBE_FILE set): on SIGUSR2 it collects
 * garbage and appends the process's memory (process.memoryUsage, bytes) as one
 * JSON line to MEMORY_PROBE_FILE. Plain JavaScript: it loads before tsx does.
 * test-support/slow-flood.ts heapAfterGc reads it.
 */
import { appendFileSync } from 'node:fs';
import process from 'node:process';

const file = process.env.MEMORY_PROBE_FILE;
if (file) {
  process.on('SIGUSR2', () => {
    globalThis.gc?.();
    globalThis.gc?.();
    appendFileSync(file, `${JSON.stringify(process.memoryUsage())}\n`);
  });
}
