import { insertMail, mailsTo } from './store/outbox.ts';
import type { SandboxState } from './state.ts';

export interface OutboxMail {
  id: number;
  to: string;
  subject: string;
  text: string;
  otp?: string;
  sentAt: number;
}

/** Every e-mail the sandbox "sends" lands here and on the console (docs/partner-api.md#events); the log escapes it. */
export function sendMail(state: SandboxState, to: string, subject: string, text: string, otp?: string): void {
  insertMail(state.db, { recipient: to, subject, body: text, otp: otp ?? null, sent_at: state.now() });
  state.log(`sandbox mail to ${to}: ${subject}`);
}

/** One recipient's mail, newest first (docs/sandbox.md); limited so a long-running demo stays quick. */
export function readOutbox(state: SandboxState, to: string, limit = 50): OutboxMail[] {
  return mailsTo(state.db, to, limit).map((r) => ({
    id: r.id,
    to: r.recipient,
    subject: r.subject,
    text: r.body,
    ...(r.otp ? { otp: r.otp } : {}),
    sentAt: r.sent_at,
  }));
}
