import { describe, expect, it } from 'vitest';
import { boxLines, linesToSend, parseAddLines } from './add-lines';
import { parseSiteInput } from './site-input';

const judged = (text: string) =>
  parseAddLines(text, { hasAgency: true }).map((l) => [l.text, l.host ?? null, l.unit ?? null, l.problem ?? null]);

describe('add-sites lines: a site, then optionally a separator and an e-mail', () => {
  it('reads each line with its own separator: comma, semicolon or tab, mixed in one box', () => {
    expect(
      judged(
        [
          'shop.example;owner@customer.example',
          'two.example,b@customer.example',
          'shop3.example\towner@customer.example',
          'four.example\t\t',
        ].join('\n'),
      ),
    ).toEqual([
      ['shop.example;owner@customer.example', 'shop.example', 'owner@customer.example', null],
      ['two.example,b@customer.example', 'two.example', 'b@customer.example', null],
      ['shop3.example\towner@customer.example', 'shop3.example', 'owner@customer.example', null],
      ['four.example', 'four.example', null, null],
    ]);
  });

  it('reads two columns pasted from a spreadsheet under a line typed with a comma', () => {
    const lines = parseAddLines(
      'one.example,a@customer.example\nshop3.example\towner@customer.example\nshop4.example\t',
      {
        hasAgency: true,
      },
    );
    expect(linesToSend(lines).map((l) => [l.host, l.unit])).toEqual([
      ['one.example', 'a@customer.example'],
      ['shop3.example', 'owner@customer.example'],
      ['shop4.example', undefined],
    ]);
  });

  it('never guesses: an e-mail alone, a user part, a separator it does not know or extra cells are lines to fix', () => {
    expect(
      judged(
        [
          'admin@shop4.example',
          'https://user@host.example/',
          'https://user:secret@host.example/',
          'user@host.example/path',
          'shop.example owner@customer.example',
          'shop.example / owner@customer.example',
          'shop.example\\evil.example',
          'a.example,b@customer.example,c.example',
        ].join('\n'),
      ),
    ).toEqual([
      ['admin@shop4.example', null, null, 'onlyEmail'],
      ['https://user@host.example/', null, null, 'userPart'],
      ['https://user:secret@host.example/', null, null, 'userPart'],
      ['user@host.example/path', null, null, 'userPart'],
      ['shop.example owner@customer.example', null, null, 'invalid'],
      ['shop.example / owner@customer.example', null, null, 'characters'],
      ['shop.example\\evil.example', null, null, 'characters'],
      ['a.example,b@customer.example,c.example', null, 'b@customer.example', 'tooManyCells'],
    ]);
  });

  it('keeps a line as typed, quotes and all, and reads quoted cells', () => {
    expect(judged('"two.example";"b@customer.example"')).toEqual([
      ['"two.example";"b@customer.example"', 'two.example', 'b@customer.example', null],
    ]);
    expect(boxLines('\uFEFFa.example\r\n\r\n  b.example;x@y.example  \n,,\n')).toEqual([
      'a.example',
      'b.example;x@y.example',
    ]);
  });

  it('still takes URLs, ports and international names', () => {
    expect(parseSiteInput('https://www.bücher.example:8443/shop?x=1')).toEqual({
      ok: true,
      host: 'www.xn--bcher-kva.example',
      domain: 'www.bücher.example',
    });
    expect(parseSiteInput('shop.example:8080/path')).toMatchObject({ ok: true, host: 'shop.example' });
  });
});
