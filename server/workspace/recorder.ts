/**
 * Records the writes that pass through the proxy, after the upstream has
 * answered and the answer has gone on: the caller hands the call over and
 * returns at once; the records are made one after another (so a share and
 * the unshare that follows it land in that order), never slowing or changing
 * the forwarded answer. A write is recorded only for a key the workspace has
 * proved (./identity.ts): the author is its account, user and person's name.
 */
import { keyIdOf, parseEnvelope } from './identity.ts';
import { readWrite, RECORDED_METHODS, type Change } from './record.ts';
import type { WorkspaceStore } from './store.ts';
import type { NewActivity, Who } from './types.ts';

interface ObservedWrite {
  method: string;
  target: string;
  requestBody: Uint8Array | null;
  apiKey: string | null;
  answer: Uint8Array | null;
}

export interface Recorder {
  methods: ReadonlySet<string>;
  observe(call: ObservedWrite): void;
  /** Resolves when every write handed over so far is recorded. */
  idle(): Promise<void>;
}

/** Writes waiting at most; beyond, new ones are dropped (and the log says so) rather than held in memory. */
const MAX_WAITING = 10_000;

const utf8 = new TextDecoder();

/** Another reader of each recorded write (the read model, server/readmodel/): called first, with the account. */
export type WriteHook = (
  accountId: string,
  method: string,
  target: string,
  body: unknown,
  envelope: { error: number; result: unknown },
  at: number,
) => Promise<void>;

export function createRecorder(
  store: WorkspaceStore,
  log: (line: string) => void,
  now = Date.now,
  hook: WriteHook | null = null,
): Recorder {
  let queue: Promise<void> = Promise.resolve();
  let waiting = 0;

  async function record(call: ObservedWrite, at: number): Promise<void> {
    const envelope = parseEnvelope(call.answer);
    if (envelope === null || call.apiKey === null || call.apiKey === '') return;
    const key = await store.keyOf(keyIdOf(call.apiKey));
    if (key === null) return;
    let body: unknown = null;
    if (call.method === 'sites_add' && call.requestBody !== null) {
      try {
        body = JSON.parse(utf8.decode(call.requestBody));
      } catch {
        return;
      }
    }
    // The fleet first (it reads the customer map before a unit's removal changes it).
    await hook?.(key.accountId, call.method, call.target, body, envelope, at);
    const reading = readWrite(call.method, call.target, body, envelope.error, envelope.result);
    if (reading.happenings.length === 0) return;
    const who: Who = { userEmail: key.userEmail, keyId: key.keyId, personName: key.personName };
    const customers = new Map<string, string | null>();
    for (const site of reading.customerOf) customers.set(site, await store.customerOf(key.accountId, site));
    const entries: NewActivity[] = reading.happenings.map((h) => ({
      ...h,
      unit: h.unit ?? (h.site === null ? null : (customers.get(h.site) ?? null)),
      at,
      method: call.method,
      who,
    }));
    // The memory first, then the log: whoever sees the entry sees the state it led to.
    for (const change of reading.changes) await apply(store, key.accountId, change, who, at);
    await store.activity.append(key.accountId, entries);
  }

  return {
    methods: RECORDED_METHODS,
    observe(call) {
      if (waiting >= MAX_WAITING) {
        log(`workspace: ${call.method} not recorded (${MAX_WAITING} writes waiting)`);
        return;
      }
      waiting += 1;
      const at = now();
      queue = queue
        .then(() => record(call, at))
        .catch((err: unknown) => {
          // The error's name only: its message may quote request data.
          log(`workspace: recording ${call.method} failed: ${err instanceof Error ? err.name : 'error'}`);
        })
        .finally(() => {
          waiting -= 1;
        });
    },
    idle: () => queue,
  };
}

async function apply(store: WorkspaceStore, accountId: string, change: Change, who: Who, at: number): Promise<void> {
  switch (change.kind) {
    case 'share':
      return store.shareSites(accountId, change.pairs, at);
    case 'unshare':
      return store.unshareSite(accountId, change.domain, change.unit);
    case 'forget-site':
      return store.forgetSite(accountId, change.domain);
    case 'rename-unit':
      return store.renameUnit(accountId, change.from, change.to, at);
    case 'remove-unit':
      if (change.withSites) {
        const sites = (await store.siteCustomers(accountId)).filter((s) => s.unit === change.email);
        for (const site of sites) await store.forgetSite(accountId, site.domain);
      }
      return store.removeUnit(accountId, change.email);
    case 'patching':
      return store.setPatching(accountId, change.domain, change.enabled, who, at);
    case 'period-set':
      return store.periodSet(accountId, [{ domain: change.domain, setAt: at }]);
    case 'refuse-option':
      return store.refuseOption(accountId, change.option, at);
    case 'sync-refused':
      return store.syncRefused(accountId, change.domain, at);
    case 'sync-worked':
      return store.syncWorked(accountId, change.domain);
  }
}
