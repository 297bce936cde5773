import type { SandboxConfig } from './config.ts';
import { getMeta, setMeta, type Db } from './db.ts';
import type { DemoAccountListener } from './demo/account-view.ts';
import { RequestLimits } from './limits/request-limits.ts';

/** Failures armed through the control surface, consumed by the next matching call. */
export interface ArmedFailure {
  method: string;
  code: number;
  /** Only a call by this account's keys takes it (parallel tests arm failures for their own accounts). */
  userId?: number;
}

/** Everything a handler may touch: the database, the configuration, the limits and the sandbox clock. */
export class SandboxState {
  private clockOffset: number;
  readonly armed: ArmedFailure[] = [];
  /** Secret for dashboard tokens, kept in the database so URLs survive a restart. */
  readonly secret: string;
  /** Rate limits, in memory (limits/request-limits.ts). */
  readonly limits: RequestLimits;
  /** Told when a demo account is made or removed (under `npm start`, the workspace seeds it). */
  demoListener: DemoAccountListener | null = null;

  constructor(
    readonly db: Db,
    readonly config: SandboxConfig,
    readonly log: (line: string) => void,
  ) {
    this.clockOffset = Number(getMeta(db, 'clock_offset') ?? '0');
    let secret = getMeta(db, 'secret');
    if (!secret) {
      secret = randomHex(32);
      setMeta(db, 'secret', secret);
    }
    this.secret = secret;
    this.limits = new RequestLimits(config.limits);
  }

  /** Sandbox time, UNIX seconds; the control surface can move it forward. */
  now(): number {
    return Math.floor(Date.now() / 1000) + this.clockOffset;
  }

  nowMs(): number {
    return Date.now() + this.clockOffset * 1000;
  }

  advanceClock(seconds: number): void {
    this.clockOffset += seconds;
    setMeta(this.db, 'clock_offset', String(this.clockOffset));
  }

  /** Take an armed failure for this method and this caller (the key's user, or null), if any. */
  takeFailure(method: string, userId: number | null): ArmedFailure | undefined {
    const i = this.armed.findIndex((f) => f.method === method && (f.userId === undefined || f.userId === userId));
    if (i < 0) return undefined;
    return this.armed.splice(i, 1)[0];
  }
}

export function randomHex(bytes: number): string {
  const buf = new Uint8Array(bytes);
  crypto.getRandomValues(buf);
  return Array.from(buf, (b) => b.toString(16).padStart(2, '0')).join('');
}
