/**
 * A site's place in the order by name, as text both engines compare byte by byte (SQLite's
 * BINARY, PostgreSQL's C or any collation: the key holds only ASCII): the order of the sites
 * page's own collator (src/features/sites/components/table-model.ts, `numeric`, base
 * sensitivity). Without it `łąka.example` came after `zeta.example` and `site10` before `site9`.
 * - accents and case do not count: `müller` files with `muller`, `łąka` with `laka`;
 * - letters with no accent to take off are written as the Latin letters a reader files them under;
 * - a run of digits counts by its value: its length (two digits) first, then the digits.
 */
const FOLDED: Readonly<Record<string, string>> = {
  ł: 'l',
  ø: 'o',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ı: 'i',
  ħ: 'h',
  ŧ: 't',
};

export function sortName(domain: string): string {
  return domain
    .toLowerCase()
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[łøđðþßæœıħŧ]/g, (c) => FOLDED[c] ?? c)
    .replace(/\d+/g, (digits) => {
      const value = digits.replace(/^0+(?=\d)/, '');
      return `${String(Math.min(value.length, 99)).padStart(2, '0')}${value}`;
    });
}
