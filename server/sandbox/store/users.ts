/** Partner accounts (users) and their plans. */
import { prepared, type Db } from '../db.ts';

export interface UserRow {
  id: number;
  email: string;
  login: string;
  regdate: number;
  site_limit: number;
  features: string;
  syncfile_name: string;
  syncfile_token: string;
  /** 0 or 1 (api_userinfo postpaid). */
  postpaid: number;
  /** 0 or 1 (api_userinfo subscription). */
  subscription: number;
}

export type NewUser = Omit<UserRow, 'id'>;

export function findUserByEmail(db: Db, email: string): UserRow | undefined {
  return prepared(db, 'SELECT * FROM users WHERE email = ?').get(email) as UserRow | undefined;
}

export function getUser(db: Db, id: number): UserRow | undefined {
  return prepared(db, 'SELECT * FROM users WHERE id = ?').get(id) as UserRow | undefined;
}

export function userBySyncfileToken(db: Db, token: string): UserRow | undefined {
  return prepared(db, 'SELECT * FROM users WHERE syncfile_token = ?').get(token) as UserRow | undefined;
}

export function insertUser(db: Db, user: NewUser): UserRow {
  const info = prepared(
    db,
    `INSERT INTO users (email, login, regdate, site_limit, features, syncfile_name, syncfile_token, postpaid, subscription)
       VALUES (@email, @login, @regdate, @site_limit, @features, @syncfile_name, @syncfile_token, @postpaid, @subscription)`,
  ).run(user);
  return { id: Number(info.lastInsertRowid), ...user };
}

export function countUsers(db: Db): number {
  return (prepared(db, 'SELECT COUNT(*) AS n FROM users').get() as { n: number }).n;
}

export function setSiteLimit(db: Db, userId: number, siteLimit: number): void {
  prepared(db, 'UPDATE users SET site_limit = ? WHERE id = ?').run(siteLimit, userId);
}

export function setFeatures(db: Db, userId: number, features: string): void {
  prepared(db, 'UPDATE users SET features = ? WHERE id = ?').run(features, userId);
}

/** The plan's billing flags (api_userinfo postpaid and subscription). */
export function setBilling(db: Db, userId: number, billing: { postpaid?: boolean; subscription?: boolean }): void {
  if (billing.postpaid !== undefined) {
    prepared(db, 'UPDATE users SET postpaid = ? WHERE id = ?').run(billing.postpaid ? 1 : 0, userId);
  }
  if (billing.subscription !== undefined) {
    prepared(db, 'UPDATE users SET subscription = ? WHERE id = ?').run(billing.subscription ? 1 : 0, userId);
  }
}

export function emailOfUser(db: Db, userId: number): string | undefined {
  return (prepared(db, 'SELECT email FROM users WHERE id = ?').get(userId) as { email: string } | undefined)?.email;
}
