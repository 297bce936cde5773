import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';

export type Db = Database.Database;

/**
 * Schema migrations, applied in order; PRAGMA user_version records how many ran.
 * Never edit a migration that has shipped: add the next one.
 */
const MIGRATIONS: string[] = [
  `
  CREATE TABLE meta (name TEXT PRIMARY KEY, value TEXT NOT NULL);

  CREATE TABLE users (
    id INTEGER PRIMARY KEY,
    email TEXT NOT NULL UNIQUE,
    login TEXT NOT NULL,
    regdate INTEGER NOT NULL,
    site_limit INTEGER NOT NULL,
    features TEXT NOT NULL,
    syncfile_name TEXT NOT NULL,
    syncfile_token TEXT NOT NULL UNIQUE
  );

  CREATE TABLE otps (
    id INTEGER PRIMARY KEY,
    email TEXT NOT NULL,
    code TEXT NOT NULL,
    created INTEGER NOT NULL,
    expires_at INTEGER NOT NULL,
    tries INTEGER NOT NULL DEFAULT 0,
    used INTEGER NOT NULL DEFAULT 0
  );
  CREATE INDEX otps_email ON otps(email);

  CREATE TABLE keys (
    id TEXT PRIMARY KEY,
    key_hash TEXT NOT NULL UNIQUE,
    pub_key TEXT NOT NULL,
    hmac TEXT NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('app', 'signin')),
    user_id INTEGER REFERENCES users(id),
    created INTEGER NOT NULL,
    modified INTEGER NOT NULL,
    expires INTEGER NOT NULL,
    ip TEXT NOT NULL DEFAULT '',
    pid TEXT NOT NULL DEFAULT '',
    deleted INTEGER NOT NULL DEFAULT 0
  );

  CREATE TABLE agencies (
    user_id INTEGER PRIMARY KEY REFERENCES users(id),
    data TEXT NOT NULL,
    modified INTEGER NOT NULL
  );

  CREATE TABLE units (
    id INTEGER PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users(id),
    email TEXT NOT NULL,
    created INTEGER NOT NULL,
    UNIQUE (user_id, email)
  );

  CREATE TABLE sites (
    id INTEGER PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users(id),
    host TEXT NOT NULL,
    domain TEXT NOT NULL,
    adddate INTEGER NOT NULL,
    scanperiod INTEGER NOT NULL,
    nextscan INTEGER NOT NULL,
    firewall TEXT NOT NULL CHECK (firewall IN ('enabled', 'disabled', 'removed')),
    autotreatment INTEGER NOT NULL,
    autopatching INTEGER NOT NULL,
    permissions INTEGER NOT NULL,
    unit_id INTEGER REFERENCES units(id),
    syncfile INTEGER NOT NULL,
    profile TEXT NOT NULL,
    scan_started INTEGER,
    last_report_id INTEGER,
    UNIQUE (user_id, host)
  );
  CREATE INDEX sites_unit ON sites(unit_id);
  CREATE INDEX sites_nextscan ON sites(nextscan) WHERE nextscan > 0;
  CREATE INDEX sites_scan_started ON sites(scan_started) WHERE scan_started IS NOT NULL;

  CREATE TABLE scan_reports (
    id INTEGER PRIMARY KEY,
    site_id INTEGER NOT NULL,
    date INTEGER NOT NULL,
    cure INTEGER NOT NULL,
    threats INTEGER NOT NULL,
    incurable INTEGER NOT NULL,
    doubt INTEGER NOT NULL,
    treated INTEGER NOT NULL,
    detectedfiles INTEGER NOT NULL,
    incurablefiles INTEGER NOT NULL,
    malicious INTEGER NOT NULL,
    suspicious INTEGER NOT NULL,
    checkeddirs INTEGER NOT NULL,
    checkedfiles INTEGER NOT NULL,
    treatedfiles INTEGER NOT NULL,
    deletedfiles INTEGER NOT NULL,
    totalbytes INTEGER NOT NULL,
    checkedbytes INTEGER NOT NULL,
    errors INTEGER NOT NULL
  );
  CREATE INDEX scan_reports_site ON scan_reports(site_id, date);

  -- Firewall state changes: the 30-day history derives from them (docs/partner-api.md#firewall-history).
  CREATE TABLE fw_events (
    site_id INTEGER NOT NULL,
    at INTEGER NOT NULL,
    enabled INTEGER NOT NULL
  );
  CREATE INDEX fw_events_site ON fw_events(site_id, at);

  CREATE TABLE outbox (
    id INTEGER PRIMARY KEY,
    recipient TEXT NOT NULL,
    subject TEXT NOT NULL,
    body TEXT NOT NULL,
    otp TEXT,
    sent_at INTEGER NOT NULL
  );
  CREATE INDEX outbox_recipient ON outbox(recipient);
  `,
  // 2: report ids are never reused (AUTOINCREMENT), so a report's id names its
  // content for good and its JSON can be cached by id (store/reports.ts).
  `
  CREATE TABLE scan_reports_new (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    site_id INTEGER NOT NULL,
    date INTEGER NOT NULL,
    cure INTEGER NOT NULL,
    threats INTEGER NOT NULL,
    incurable INTEGER NOT NULL,
    doubt INTEGER NOT NULL,
    treated INTEGER NOT NULL,
    detectedfiles INTEGER NOT NULL,
    incurablefiles INTEGER NOT NULL,
    malicious INTEGER NOT NULL,
    suspicious INTEGER NOT NULL,
    checkeddirs INTEGER NOT NULL,
    checkedfiles INTEGER NOT NULL,
    treatedfiles INTEGER NOT NULL,
    deletedfiles INTEGER NOT NULL,
    totalbytes INTEGER NOT NULL,
    checkedbytes INTEGER NOT NULL,
    errors INTEGER NOT NULL
  );
  INSERT INTO scan_reports_new SELECT * FROM scan_reports;
  DROP TABLE scan_reports;
  ALTER TABLE scan_reports_new RENAME TO scan_reports;
  CREATE INDEX scan_reports_site ON scan_reports(site_id, date);
  `,
  // 3: the plan says whether the account is postpaid and has a subscription
  // (api_userinfo; published plugins show the firewall and cleanup controls by them).
  `
  ALTER TABLE users ADD COLUMN postpaid INTEGER NOT NULL DEFAULT 1;
  ALTER TABLE users ADD COLUMN subscription INTEGER NOT NULL DEFAULT 1;
  `,
];

export function openDb(path: string): Db {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const db = new Database(path);
  db.pragma('journal_mode = WAL');
  // NORMAL is durable across a process crash (kill -9) in WAL mode; only an OS crash may lose the last commit.
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  migrate(db);
  return db;
}

function migrate(db: Db): void {
  const current = Number(db.pragma('user_version', { simple: true }));
  if (current > MIGRATIONS.length) {
    throw new Error(
      `The sandbox database has schema version ${current}, newer than this code (${MIGRATIONS.length}). Use a newer checkout or another SANDBOX_DB.`,
    );
  }
  for (let v = current; v < MIGRATIONS.length; v++) {
    db.transaction(() => {
      db.exec(MIGRATIONS[v] ?? '');
      db.pragma(`user_version = ${v + 1}`);
    })();
  }
}

/**
 * Copies the write-ahead log into the database file now (a passive checkpoint),
 * so that a large write that follows, in a turn of its own, does not cross
 * SQLite's automatic checkpoint threshold (1,000 pages) and pay for the copy in
 * its commit. Nothing to do costs next to nothing; a database not in WAL mode
 * (in memory) ignores it.
 */
export function checkpointWal(db: Db): void {
  db.pragma('wal_checkpoint(PASSIVE)');
}

export function getMeta(db: Db, name: string): string | undefined {
  // Prepared once: the scheduler reads the living demo's clock on every call (demo/simulation.ts).
  const row = prepared(db, 'SELECT value FROM meta WHERE name = ?').get(name) as { value: string } | undefined;
  return row?.value;
}

export function setMeta(db: Db, name: string, value: string): void {
  db.prepare('INSERT INTO meta (name, value) VALUES (?, ?) ON CONFLICT(name) DO UPDATE SET value = excluded.value').run(
    name,
    value,
  );
}

const statements = new WeakMap<Db, Map<string, Database.Statement>>();

/** A prepared statement, compiled once per database (preparing costs more than most sandbox queries). */
export function prepared(db: Db, sql: string): Database.Statement {
  let cache = statements.get(db);
  if (!cache) statements.set(db, (cache = new Map()));
  let stmt = cache.get(sql);
  if (!stmt) {
    stmt = db.prepare(sql);
    cache.set(sql, stmt);
  }
  return stmt;
}
