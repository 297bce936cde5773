import type { SandboxState } from './state.ts';
import { prepared } from './db.ts';

export interface OutboxMail {
  id: number;
  to: string;
  subject: string;
  text: string;
  otp?: string;
  sentAt: number;
}

interface OutboxRow {
  id: number;
  recipient: string;
  subject: string;
  body: string;
  otp: string | null;
  sent_at: number;
}

/** Every e-mail the sandbox "sends" lands here and on the console (spec §6). */
export function sendMail(state: SandboxState, to: string, subject: string, text: string, otp?: string): void {
  prepared(state.db, 'INSERT INTO outbox (recipient, subject, body, otp, sent_at) VALUES (?, ?, ?, ?, ?)').run(
    to,
    subject,
    text,
    otp ?? null,
    state.now(),
  );
  state.log(`sandbox mail to ${to}: ${subject}`);
}

/** One recipient's mail, newest first; limited so a long-running demo stays quick. */
export function readOutbox(state: SandboxState, to: string, limit = 50): OutboxMail[] {
  const rows = prepared(state.db, 'SELECT * FROM outbox WHERE recipient = ? ORDER BY id DESC LIMIT ?').all(
    to,
    limit,
  ) as OutboxRow[];
  return rows.map((r) => ({
    id: r.id,
    to: r.recipient,
    subject: r.subject,
    text: r.body,
    ...(r.otp ? { otp: r.otp } : {}),
    sentAt: r.sent_at,
  }));
}
