/** The live demo copies (copies.ts), kept in the meta table; and whom the living demo plays on. */
import { getMeta, setMeta, type Db } from '../db.ts';
import { findUserByEmail } from '../store/users.ts';
import { DEMO_EMAIL } from './fixtures.ts';

const META = 'demo_copies';

export interface DemoCopy {
  userId: number;
  email: string;
  /** When it is removed, in sandbox seconds. */
  expiresAt: number;
}

function isCopy(value: unknown): value is DemoCopy {
  return (
    typeof value === 'object' &&
    value !== null &&
    'userId' in value &&
    'email' in value &&
    'expiresAt' in value &&
    typeof value.userId === 'number' &&
    typeof value.email === 'string' &&
    typeof value.expiresAt === 'number'
  );
}

/** The live copies, oldest first. */
export function demoCopies(db: Db): DemoCopy[] {
  const raw = getMeta(db, META);
  if (raw === undefined) return [];
  const parsed: unknown = JSON.parse(raw);
  return Array.isArray(parsed) ? parsed.filter(isCopy) : [];
}

export function writeCopies(db: Db, copies: DemoCopy[]): void {
  setMeta(db, META, JSON.stringify(copies));
}

/** The users the living demo plays on: the shared demo account and every live copy. */
export function demoUserIds(db: Db): number[] {
  const shared = findUserByEmail(db, DEMO_EMAIL);
  return [...(shared ? [shared.id] : []), ...demoCopies(db).map((copy) => copy.userId)];
}
