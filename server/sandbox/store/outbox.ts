/** The e-mails the sandbox "sends" (docs/partner-api.md#events). */
import { prepared, type Db } from '../db.ts';

export interface OutboxRow {
  id: number;
  recipient: string;
  subject: string;
  body: string;
  otp: string | null;
  sent_at: number;
}

export function insertMail(db: Db, mail: Omit<OutboxRow, 'id'>): void {
  prepared(
    db,
    'INSERT INTO outbox (recipient, subject, body, otp, sent_at) VALUES (@recipient, @subject, @body, @otp, @sent_at)',
  ).run(mail);
}

/** One recipient's mail, newest first (highest id first). */
export function mailsTo(db: Db, recipient: string, limit: number): OutboxRow[] {
  return prepared(db, 'SELECT * FROM outbox WHERE recipient = ? ORDER BY id DESC LIMIT ?').all(
    recipient,
    limit,
  ) as OutboxRow[];
}
