import { describe, expect, it } from 'vitest';
import { checkApiTarget, isApiTarget, targetProblem } from './target.ts';

describe('request targets', () => {
  it('knows API targets by their exact /api prefix', () => {
    expect(['/api', '/api/', '/api/signup/x/', '/api?x'].every(isApiTarget)).toBe(true);
    expect(['/apix', '/API/signup/', '/', '/sandbox/api/'].some(isApiTarget)).toBe(false);
  });

  it('accepts canonical targets and names their method', () => {
    const check = checkApiTarget('/api/site_delete/%D0%BF%D1%80%D0%B8%D0%BC%D0%B5%D1%80.%D1%80%D1%84/?ignore');
    expect(check).toMatchObject({ ok: true, method: 'site_delete' });
    expect(checkApiTarget('/api/sites_list/?')).toMatchObject({ ok: true });
    expect(checkApiTarget('/api/unit_delete/a@b.example/?withsites=1&ignore')).toMatchObject({ ok: true });
  });

  it.each([
    ['/api/x/../y/', 'dot segment'],
    ['/api/%2E%2e/', 'dot segment'],
    ['/api/x/./', 'dot segment'],
    ['/api/a b/', 'canonical'],
    ['/api/пример/', 'canonical'],
    ['/api/x/?q="a"', 'canonical'],
    ["/api/x/?q='a'", 'canonical'],
    ['/api/x\\y/', 'backslash'],
    [`/api/${'a'.repeat(9000)}/`, 'exceeds'],
  ])('refuses %s', (target, why) => {
    const check = checkApiTarget(target);
    expect(check.ok).toBe(false);
    if (!check.ok) expect(check.reason).toContain(why);
  });

  it('echoes only a plain method name', () => {
    expect(checkApiTarget('/api/<script>/../')).toMatchObject({ ok: false, method: '' });
  });

  it('checks non-API targets the same way', () => {
    expect(targetProblem('/sandbox/outbox?to=a%40b.example')).toBeNull();
    expect(targetProblem('/sandbox/../api/x/')).toContain('dot segment');
  });

  it('takes the no-parse path only for targets the URL parser leaves unchanged', () => {
    // Every character the fast path admits, in random targets: the parser must agree byte for byte.
    const alphabet = 'ABCXYZabcxyz0189-._~!$&()*+,;=:@/?%';
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    for (let i = 0; i < 2000; i += 1) {
      let target = '/api/';
      const length = 1 + Math.floor(next() * 40);
      for (let j = 0; j < length; j += 1) target += alphabet[Math.floor(next() * alphabet.length)];
      const check = checkApiTarget(target);
      if (!check.ok) continue; // dot segments
      const url = new URL(target, 'http://x.invalid');
      const queryAt = target.indexOf('?');
      expect(url.pathname + (url.search === '' && queryAt !== -1 ? '?' : url.search)).toBe(target);
    }
  });
});
