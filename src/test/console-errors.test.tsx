import { expect, it } from 'vitest';
import { assertNoConsoleErrors } from './console-errors';

// The setup (setup-dom.ts) records console.error for every component test and
// runs this check after it. Here the check runs early, so the test survives.
it('a console.error in a component test is caught and named; the check then starts afresh', () => {
  expect(() => assertNoConsoleErrors()).not.toThrow();
  console.error('(expected) a warning as React would print it');
  expect(() => assertNoConsoleErrors()).toThrow(
    /console\.error was called 1 time\(s\):\n\(expected\) a warning as React would print it/,
  );
  expect(() => assertNoConsoleErrors()).not.toThrow();
});
