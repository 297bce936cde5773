import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BUILD_HASH_FILE, buildInputsHash, spaBuildState } from './spa-build.ts';

let root: string;
beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'spa-build-'));
  mkdirSync(path.join(root, 'src', 'routes'), { recursive: true });
  mkdirSync(path.join(root, 'public'));
  writeFileSync(path.join(root, 'index.html'), '<div id="root"></div>');
  writeFileSync(path.join(root, 'src', 'main.tsx'), 'export {};');
  writeFileSync(path.join(root, 'public', 'favicon.svg'), '<svg/>');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('SPA build staleness', () => {
  it('changes the hash when a source, a public file, a .env file or a VITE_ variable changes', async () => {
    const first = await buildInputsHash(root, {});
    expect(await buildInputsHash(root, { UNRELATED: '1' })).toBe(first);

    writeFileSync(path.join(root, 'src', 'routes', 'new.tsx'), 'export {};');
    const second = await buildInputsHash(root, {});
    expect(second).not.toBe(first);

    writeFileSync(path.join(root, 'public', 'favicon.svg'), '<svg></svg>');
    const third = await buildInputsHash(root, {});
    expect(third).not.toBe(second);

    writeFileSync(path.join(root, '.env.production'), 'VITE_X=1');
    const fourth = await buildInputsHash(root, {});
    expect(fourth).not.toBe(third);
    expect(await buildInputsHash(root, { VITE_FLAG: 'on' })).not.toBe(fourth);
  });

  it('ignores the generated route tree', async () => {
    const before = await buildInputsHash(root, {});
    writeFileSync(path.join(root, 'src', 'routeTree.gen.ts'), '// generated');
    expect(await buildInputsHash(root, {})).toBe(before);
  });

  it('is fresh only when dist/index.html exists and the recorded hash matches', async () => {
    const dist = path.join(root, 'dist');
    const hash = await buildInputsHash(root, {});
    expect(await spaBuildState(dist, hash)).toEqual({ fresh: false, why: 'dist/ has not been built' });
    mkdirSync(dist);
    writeFileSync(path.join(dist, 'index.html'), '<html></html>');
    expect((await spaBuildState(dist, hash)).fresh).toBe(false);
    writeFileSync(path.join(dist, BUILD_HASH_FILE), `${hash}\n`);
    expect(await spaBuildState(dist, hash)).toEqual({ fresh: true });
    expect(await spaBuildState(dist, 'other')).toEqual({
      fresh: false,
      why: 'the sources changed since dist/ was built',
    });
  });
});
