/**
 * The text of a PDF that Chromium printed (`page.pdf()`), enough to check what
 * a printed page says. Skia writes text as glyph ids (`<0012…> Tj`, `[…] TJ`)
 * in Flate streams, with a ToUnicode map per font: this inflates the streams,
 * reads the maps, follows `/Fn size Tf` in each page's content and maps the
 * glyphs back to characters. Not a general PDF reader.
 */
import { inflateSync } from 'node:zlib';

interface PdfObject {
  dict: string;
  stream?: Buffer;
}

function objects(pdf: Buffer): Map<number, PdfObject> {
  const text = pdf.toString('latin1');
  const found = new Map<number, PdfObject>();
  const re = /(\d+) 0 obj\s*/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(text))) {
    const start = m.index + m[0].length;
    const end = text.indexOf('endobj', start);
    const body = text.slice(start, end);
    const at = body.indexOf('stream');
    if (at === -1) {
      found.set(Number(m[1]), { dict: body });
      continue;
    }
    const dict = body.slice(0, at);
    let from = start + at + 'stream'.length;
    if (text[from] === '\r') from++;
    if (text[from] === '\n') from++;
    const length = /\/Length (\d+)/.exec(dict);
    const raw = pdf.subarray(from, from + Number(length?.[1] ?? 0));
    found.set(Number(m[1]), { dict, stream: dict.includes('/FlateDecode') ? inflateSync(raw) : raw });
    re.lastIndex = end;
  }
  return found;
}

/** A ToUnicode CMap: glyph id (hex) → text. */
function cmap(source: string): Map<string, string> {
  const map = new Map<string, string>();
  const utf16 = (hex: string) => String.fromCharCode(...(hex.match(/.{4}/g) ?? []).map((h) => parseInt(h, 16)));
  for (const block of source.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const [, from, to] of (block[1] ?? '').matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g)) {
      map.set((from ?? '').toLowerCase(), utf16(to ?? ''));
    }
  }
  for (const block of source.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const [, lo, hi, to] of (block[1] ?? '').matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g)) {
      const width = (lo ?? '').length;
      const base = parseInt(to ?? '0', 16);
      for (let g = parseInt(lo ?? '0', 16), i = 0; g <= parseInt(hi ?? '0', 16); g++, i++) {
        map.set(g.toString(16).padStart(width, '0'), String.fromCharCode(base + i));
      }
    }
  }
  return map;
}

/** The text of each page, in the order it is drawn (runs of one text operator joined, operators by spaces). */
export function pdfPages(pdf: Buffer): string[] {
  const all = objects(pdf);
  const ref = (dict: string, key: string) => Number(new RegExp(`/${key} (\\d+) 0 R`).exec(dict)?.[1]);
  const pages: string[] = [];
  for (const { dict } of all.values()) {
    if (!/\/Type \/Page\b(?!s)/.test(dict)) continue;
    // The page's fonts: /Font << /F4 12 0 R … >> (inline, or in a resources object).
    let resources = dict;
    const resourcesRef = ref(dict, 'Resources');
    if (resourcesRef) resources = all.get(resourcesRef)?.dict ?? '';
    const fontBlock = /\/Font\s*<<([\s\S]*?)>>/.exec(resources)?.[1] ?? '';
    const fonts = new Map<string, Map<string, string>>();
    for (const [, name, id] of fontBlock.matchAll(/\/(\w+) (\d+) 0 R/g)) {
      const font = all.get(Number(id))?.dict ?? '';
      const toUnicode = all.get(ref(font, 'ToUnicode'))?.stream?.toString('latin1') ?? '';
      fonts.set(name ?? '', cmap(toUnicode));
    }
    const contents = all.get(ref(dict, 'Contents'))?.stream?.toString('latin1') ?? '';
    let font = new Map<string, string>();
    const out: string[] = [];
    const decode = (hex: string) => {
      const width = [...font.keys()][0]?.length ?? 4;
      return (hex.toLowerCase().match(new RegExp(`.{${width}}`, 'g')) ?? []).map((g) => font.get(g) ?? '').join('');
    };
    for (const op of contents.matchAll(/\/(\w+) [\d.]+ Tf|<([0-9a-fA-F]*)> ?Tj|\[([^\]]*)\] ?TJ/g)) {
      if (op[1] !== undefined) font = fonts.get(op[1]) ?? new Map();
      else if (op[2] !== undefined) out.push(decode(op[2]));
      else if (op[3] !== undefined) {
        // Kerning numbers between the strings; a large one is a space.
        out.push(
          [...op[3].matchAll(/<([0-9a-fA-F]*)>|(-?[\d.]+)/g)]
            .map((p) => (p[1] !== undefined ? decode(p[1]) : Number(p[2]) < -200 ? ' ' : ''))
            .join(''),
        );
      }
    }
    pages.push(out.join(' '));
  }
  return pages;
}
