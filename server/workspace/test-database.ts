/** For store tests on each engine (./test-engines.ts): a fresh database per test. */
import { afterEach } from 'vitest';
import { openWorkspaceDb, type OpenedDb } from './db.ts';
import type { TestPlace } from './test-engines.ts';

/** A database on the engine for each test of the block, closed and dropped after it: call the result in the test. */
export function databasePerTest(makePlace: () => Promise<TestPlace>): () => Promise<OpenedDb> {
  let place: TestPlace | undefined;
  let opened: OpenedDb | undefined;
  afterEach(async () => {
    await opened?.db.destroy();
    await place?.drop();
    opened = undefined;
    place = undefined;
  });
  return async () => {
    place = await makePlace();
    opened = await openWorkspaceDb(place.location);
    return opened;
  };
}
