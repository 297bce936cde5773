/** One-time passwords (docs/partner-api.md#signup, signin). */
import { prepared, type Db } from '../db.ts';

export interface OtpRow {
  id: number;
  email: string;
  code: string;
  expires_at: number;
  tries: number;
  used: number;
}

/** A new code replaces every earlier one for the address. */
export function replaceOtp(db: Db, email: string, code: string, now: number, expiresAt: number): void {
  prepared(db, 'UPDATE otps SET used = 1 WHERE email = ? AND used = 0').run(email);
  prepared(db, 'INSERT INTO otps (email, code, created, expires_at) VALUES (?, ?, ?, ?)').run(
    email,
    code,
    now,
    expiresAt,
  );
}

export function pendingOtp(db: Db, email: string): OtpRow | undefined {
  return prepared(db, 'SELECT * FROM otps WHERE email = ? AND used = 0 ORDER BY id DESC LIMIT 1').get(email) as
    OtpRow | undefined;
}

export function spendOtp(db: Db, id: number): void {
  prepared(db, 'UPDATE otps SET used = 1 WHERE id = ?').run(id);
}

export function recordWrongTry(db: Db, id: number, tries: number, spent: boolean): void {
  prepared(db, 'UPDATE otps SET tries = ?, used = ? WHERE id = ?').run(tries, spent ? 1 : 0, id);
}
