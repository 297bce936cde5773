/**
 * Reads the envelope of `sites_list` as it streams in, one site at a time:
 * each object of the top-level `result` array is cut out by its braces (the
 * bytes of `{`, `}`, `"` and `\` never occur inside a UTF-8 sequence) and
 * parsed alone, so a 170 MB answer is never one string nor one parse. The
 * rest of the envelope (`error`, …) is kept, with `result` empty, and
 * parsed at the end.
 */
const OPEN_OBJ = 0x7b;
const CLOSE_OBJ = 0x7d;
const OPEN_ARR = 0x5b;
const CLOSE_ARR = 0x5d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

const utf8 = new TextDecoder();

export class SiteSplitter {
  private depth = 0;
  private inString = false;
  private escaped = false;
  private inResult = false;
  /** The top-level key last read (the string at depth 1), and the one before a colon. */
  private stringStart = -1;
  private lastString = '';
  private readonly head: Uint8Array[] = [];
  private readonly part: Uint8Array[] = [];
  private readonly key: Uint8Array[] = [];
  private objectStart = -1;

  /** Feeds one chunk; returns the sites completed in it, parsed. */
  push(chunk: Uint8Array): unknown[] {
    const sites: unknown[] = [];
    let headFrom = this.inResult ? -1 : 0;
    if (this.objectStart === -2) this.objectStart = 0;
    for (let i = 0; i < chunk.length; i++) {
      const b = chunk[i];
      if (this.inString) {
        if (this.escaped) this.escaped = false;
        else if (b === BACKSLASH) this.escaped = true;
        else if (b === QUOTE) {
          this.inString = false;
          if (this.depth === 1 && this.stringStart >= 0) {
            this.key.push(chunk.subarray(this.stringStart, i));
            this.lastString = utf8.decode(joined(this.key));
            this.key.length = 0;
          }
        }
        continue;
      }
      if (b === QUOTE) {
        this.inString = true;
        this.stringStart = this.depth === 1 ? i + 1 : -1;
      } else if (b === OPEN_OBJ || b === OPEN_ARR) {
        this.depth++;
        if (this.depth === 2 && b === OPEN_ARR && this.lastString === 'result') {
          this.inResult = true;
          this.head.push(chunk.subarray(headFrom, i + 1));
          headFrom = -1;
        } else if (this.inResult && this.depth === 3) this.objectStart = i;
      } else if (b === CLOSE_OBJ || b === CLOSE_ARR) {
        if (this.inResult && this.depth === 3 && b === CLOSE_OBJ && this.objectStart !== -1) {
          this.part.push(chunk.subarray(this.objectStart, i + 1));
          sites.push(JSON.parse(utf8.decode(joined(this.part))));
          this.part.length = 0;
          this.objectStart = -1;
        }
        if (this.inResult && this.depth === 2) {
          this.inResult = false;
          headFrom = i;
        }
        this.depth--;
      }
    }
    if (this.inString && this.stringStart >= 0) {
      // A top-level key goes on in the next chunk.
      this.key.push(chunk.slice(this.stringStart));
      this.stringStart = 0;
    }
    if (this.objectStart >= 0) {
      // An object goes on in the next chunk.
      this.part.push(chunk.slice(this.objectStart));
      this.objectStart = -2;
    }
    if (headFrom >= 0) this.head.push(chunk.slice(headFrom));
    return sites;
  }

  /** The envelope without its sites; null when it is not JSON. */
  envelope(): { error: number; result: unknown } | null {
    try {
      const parsed: unknown = JSON.parse(utf8.decode(joined(this.head)));
      if (typeof parsed === 'object' && parsed !== null && typeof (parsed as { error?: unknown }).error === 'number') {
        return parsed as { error: number; result: unknown };
      }
    } catch {
      // Not JSON.
    }
    return null;
  }
}

function joined(parts: readonly Uint8Array[]): Uint8Array {
  if (parts.length === 1) return parts[0] as Uint8Array;
  if (parts.length === 0) return new Uint8Array(0);
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
