/**
 * Commit subjects are 72 characters or fewer (a body says the why), so `git log --oneline`
 * and review tools show them whole. `.githooks/commit-msg` refuses a longer one as it is
 * written; this test holds the history since the rule was adopted, so a commit made without
 * the hook (another clone, a merge tool) is caught in `npm test`.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/** The last commit before the rule: everything after it is held to it. */
const RULE_ADOPTED_AFTER = '2ff3a1b';
const MAX = 72;
/** Made in a worktree the versioned hook had not reached yet; history is not rewritten for them. */
const KNOWN_LONG = new Set(['237886a', 'c227aee', '1dd1673', '332857b']);
const root = join(import.meta.dirname, '..');

function git(...args: string[]): string {
  return execFileSync('git', args, { cwd: root, encoding: 'utf8' });
}

// A source archive without history has nothing to check; a clone always has it.
describe.runIf(existsSync(join(root, '.git')))('commit subjects', () => {
  it(`are at most ${MAX} characters since the rule was adopted`, () => {
    const subjects = git('log', '--format=%h %s', `${RULE_ADOPTED_AFTER}..HEAD`)
      .split('\n')
      .filter((line) => line !== '' && ![...KNOWN_LONG].some((hash) => line.startsWith(hash)));
    expect(subjects.length).toBeGreaterThan(0);
    const long = subjects.filter((line) => [...line.slice(line.indexOf(' ') + 1)].length > MAX);
    expect(long, 'commits whose subject is longer than 72 characters').toEqual([]);
  });
});
