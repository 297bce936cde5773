/** Records console.error calls of a component test, so the test can be failed for them. */

let recorded: unknown[][] = [];

function describe(args: unknown[]): string {
  return args.map((a) => (a instanceof Error ? (a.stack ?? a.message) : String(a))).join(' ');
}

/** Starts recording (and still printing) console.error; returns the function that stops it. */
export function recordConsoleErrors(): () => void {
  recorded = [];
  const original = console.error;
  console.error = (...args: unknown[]) => {
    recorded.push(args);
    original(...args);
  };
  return () => {
    console.error = original;
  };
}

/** Throws when console.error was called since recording started, naming each call; then forgets them. */
export function assertNoConsoleErrors(): void {
  const calls = recorded;
  recorded = [];
  if (calls.length > 0) {
    throw new Error(`console.error was called ${calls.length} time(s):\n${calls.map(describe).join('\n')}`);
  }
}
