/**
 * A workspace opens on a PostgreSQL where another deployment drops schemas
 * meanwhile (the tests' own schemas do, side by side): Kysely reads every
 * schema's tables by name before it migrates, and a name dropped between the
 * catalog read and its lookup fails that read. The migration tries again.
 * Runs when a test database is given (./test-engines.ts).
 */
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openWorkspaceStore } from './store.ts';
import { POSTGRES_TITLE, postgresPlace, TEST_DATABASE_URL } from './test-engines.ts';

describe.skipIf(TEST_DATABASE_URL === null)(`a workspace on ${POSTGRES_TITLE}`, () => {
  it('opens while another deployment makes and drops schemas', async () => {
    const churner = new pg.Client({ connectionString: TEST_DATABASE_URL ?? '' });
    await churner.connect();
    let stop = false;
    let churned = 0;
    const churn = (async () => {
      while (!stop) {
        const schema = `ws_churn_${process.pid}_${churned++}`;
        await churner.query(`CREATE SCHEMA ${schema}; CREATE TABLE ${schema}.t (id serial primary key, a int)`);
        await churner.query(`DROP SCHEMA ${schema} CASCADE`);
        // About a hundred schemas a second: far more than the tests' own, side by side, drop.
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    })();
    const failures: string[] = [];
    try {
      // Without the retry about a third of these failed ("schema … does not exist").
      for (let i = 0; i < 12; i++) {
        const place = await postgresPlace();
        try {
          const store = await openWorkspaceStore(place.location);
          await store.close();
        } catch (err) {
          failures.push(String(err));
        } finally {
          await place.drop();
        }
      }
    } finally {
      stop = true;
      await churn;
      await churner.end();
    }
    expect(churned).toBeGreaterThan(12);
    expect(failures).toEqual([]);
  });
});
