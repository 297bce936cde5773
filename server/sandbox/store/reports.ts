/** Scan reports (docs/partner-api.md#scan-report): written when a scan ends, never changed afterwards. */
import { BoundedCache } from '../bounded-cache.ts';
import { prepared, type Db } from '../db.ts';
import type { Profile } from './sites.ts';

/** docs/partner-api.md#scan-report, every field an integer. */
export interface ScanReport {
  id: number;
  date: number;
  cure: number;
  threats: number;
  incurable: number;
  doubt: number;
  treated: number;
  detectedfiles: number;
  incurablefiles: number;
  malicious: number;
  suspicious: number;
  checkeddirs: number;
  checkedfiles: number;
  treatedfiles: number;
  deletedfiles: number;
  totalbytes: number;
  checkedbytes: number;
  errors: number;
}

/** Stores a report as the site's latest, with the site's profile after the scan (a cleanup changes it). */
export function insertReport(db: Db, siteId: number, report: Omit<ScanReport, 'id'>, profileAfter: Profile): void {
  const id = insertReportRow(db, siteId, report);
  prepared(db, 'UPDATE sites SET last_report_id = ?, profile = ? WHERE id = ?').run(id, profileAfter, siteId);
}

/** Stores a report row only (the seed writes the site's last_report_id with the site); its id. */
export function insertReportRow(db: Db, siteId: number, report: Omit<ScanReport, 'id'>): number {
  const info = prepared(
    db,
    `INSERT INTO scan_reports (site_id, date, cure, threats, incurable, doubt, treated, detectedfiles, incurablefiles,
         malicious, suspicious, checkeddirs, checkedfiles, treatedfiles, deletedfiles, totalbytes, checkedbytes, errors)
       VALUES (@site_id, @date, @cure, @threats, @incurable, @doubt, @treated, @detectedfiles, @incurablefiles,
         @malicious, @suspicious, @checkeddirs, @checkedfiles, @treatedfiles, @deletedfiles, @totalbytes, @checkedbytes, @errors)`,
  ).run({ site_id: siteId, ...report });
  return Number(info.lastInsertRowid);
}

/** A report row (docs/partner-api.md#scan-report fields in order) as JSON; all integers, nothing to escape. */
function reportJson(r: number[]): string {
  return (
    `{"id":${r[0]},"date":${r[1]},"cure":${r[2]},"threats":${r[3]},"incurable":${r[4]},"doubt":${r[5]},` +
    `"treated":${r[6]},"detectedfiles":${r[7]},"incurablefiles":${r[8]},"malicious":${r[9]},"suspicious":${r[10]},` +
    `"checkeddirs":${r[11]},"checkedfiles":${r[12]},"treatedfiles":${r[13]},"deletedfiles":${r[14]},` +
    `"totalbytes":${r[15]},"checkedbytes":${r[16]},"errors":${r[17]}}`
  );
}

/**
 * Reports never change once written, so their JSON is kept by report id: a
 * 10,000-site sites_list then reads no report rows at all (bench/sandbox.ts).
 * Report ids are never reused (AUTOINCREMENT, migration 2), so an id names its
 * content for good, even when another process writes the same file. Shared by
 * every sandbox in the process; ids are per database, so the key includes the
 * database file name.
 */
const reportCache = new BoundedCache<string, string>(100_000);

/** The JSON of each report by id. */
export function reportsJson(db: Db, ids: readonly number[]): Map<number, string> {
  const out = new Map<number, string>();
  const missing: number[] = [];
  const file = db.name;
  for (const id of ids) {
    const json = reportCache.get(`${file}:${id}`);
    if (json === undefined) missing.push(id);
    else out.set(id, json);
  }
  for (let i = 0; i < missing.length; i += 500) {
    const chunk = missing.slice(i, i + 500);
    const rows = prepared(
      db,
      `SELECT id, date, cure, threats, incurable, doubt, treated, detectedfiles, incurablefiles, malicious, suspicious,
         checkeddirs, checkedfiles, treatedfiles, deletedfiles, totalbytes, checkedbytes, errors
       FROM scan_reports WHERE id IN (${chunk.map(() => '?').join(',')})`,
    )
      .raw(true)
      .all(...chunk) as number[][];
    for (const row of rows) {
      const json = reportJson(row);
      // In-memory databases all share the name ':memory:': cache only reports of database files.
      if (file !== ':memory:') reportCache.set(`${file}:${row[0]}`, json);
      out.set(row[0] ?? 0, json);
    }
  }
  return out;
}
