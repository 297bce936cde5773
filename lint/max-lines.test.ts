/**
 * The file-size rule (eslint.config.js) is active: a file of more than 300
 * lines of code, or a test of more than 500, is reported by the project's own
 * ESLint configuration; comments and blank lines do not count.
 */
import path from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const MAX_LINES = 300;
const MAX_TEST_LINES = 500;
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: root });
});

/** `lines` lines of code, each used, with a comment and a blank line between them. */
function codeOf(lines: number): string {
  return Array.from({ length: lines }, (_, i) => `// Line ${i}.\n\nexport const probe${i} = ${i};\n`).join('');
}

/** The max-lines messages for `code` linted as the file `file` (relative to the repository root). */
async function reported(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'max-lines').map((m) => m.message);
}

describe('max-lines', () => {
  it(`holds a file to ${MAX_LINES} lines of code, comments and blank lines aside`, async () => {
    expect(await reported('src/lib/size-probe.ts', codeOf(MAX_LINES))).toEqual([]);
    expect(await reported('server/size-probe.ts', codeOf(MAX_LINES + 1))).toEqual([
      expect.stringContaining(`Maximum allowed is ${MAX_LINES}`),
    ]);
  });

  it(`holds a test to ${MAX_TEST_LINES} lines of code`, async () => {
    expect(await reported('src/lib/size-probe.test.ts', codeOf(MAX_TEST_LINES))).toEqual([]);
    expect(await reported('e2e/size-probe.spec.ts', codeOf(MAX_TEST_LINES + 1))).toEqual([
      expect.stringContaining(`Maximum allowed is ${MAX_TEST_LINES}`),
    ]);
    // Test support is code like any other.
    expect(await reported('e2e/support/size-probe.ts', codeOf(MAX_LINES + 1))).toEqual([
      expect.stringContaining(`Maximum allowed is ${MAX_LINES}`),
    ]);
  });
});
