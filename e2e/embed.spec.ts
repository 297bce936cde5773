/**
 * Embedding in a hoster panel and the one-click demo, in real
 * Chromium against `npm start`: the sandbox's example panel
 * (/sandbox/embed-example, on 127.0.0.1) embeds the dashboard from the other
 * loopback name (localhost), as a panel and the dashboard are two origins.
 * Chromium here blocks a third-party frame's storage, as panels with
 * third-party cookies blocked do: the frame's session lives in memory.
 */
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { expect, test, type Frame, type FrameLocator, type Locator, type Page, type TestInfo } from '@playwright/test';
import {
  startSecondServer,
  temporaryDirectory,
  type RunningServer,
  type TemporaryDirectory,
} from '../test-support/servers.ts';
import { WIDE, attachShot, seriousViolations } from './support/look.ts';

/** The dashboard's frame inside the example panel. */
async function dashboardFrame(page: Page): Promise<Frame> {
  await expect.poll(() => page.frames().some((f) => f.url().startsWith('http://localhost:'))).toBe(true);
  const frame = page.frames().find((f) => f.url().startsWith('http://localhost:'));
  if (!frame) throw new Error('no dashboard frame');
  return frame;
}

interface Outsider {
  origin: string;
  /** Opens the outsider's page with the dashboard at `src` in its iframe. */
  open(page: Page, src: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * A page of another origin (its own loopback port, so Chromium treats it as a
 * page on this machine, as it does the dashboard) that frames `?src=` and
 * records every message it hears in `window.received`.
 */
async function startOutsider(): Promise<Outsider> {
  const server = createServer((req, res) => {
    const src = new URL(req.url ?? '/', 'http://outsider').searchParams.get('src') ?? 'about:blank';
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.end(
      `<!doctype html><title>Outsider</title><script>window.received = []; addEventListener('message', (e) => received.push(e.data));</script><iframe src="${src.replace(/"/g, '&quot;')}" width="800" height="600"></iframe>`,
    );
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    open: async (page, src) => void (await page.goto(`${origin}/?src=${encodeURIComponent(src)}`)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * The whole example panel, attached (and written to E2E_SCREENSHOT_DIR when
 * set). The dashboard's frame is another site's, so Chromium paints it in a
 * process of its own and only as far as the window shows it: in a full-page
 * screenshot of a panel taller than the window the frame is blank below the
 * fold. So the window is made as tall as the panel for the shot.
 */
async function attachScreenshot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const viewport = page.viewportSize();
  if (viewport === null) throw new Error('no viewport');
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.setViewportSize({ width: viewport.width, height: Math.max(viewport.height, height) });
  // The frame paints what the taller window shows of it before the shot.
  const frame = await dashboardFrame(page);
  await frame.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  await attachShot(page, testInfo, name);
  await page.setViewportSize(viewport);
}

/** Signs the example panel's frame in as the demo account and opens the sites in it. */
async function signedInOnSites(page: Page): Promise<{ inFrame: FrameLocator; frame: Frame }> {
  await page.goto('/sandbox/embed-example');
  const inFrame = page.frameLocator('#dashboard iframe');
  await expect(inFrame.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await page.getByRole('button', { name: 'Sign in as the demo account' }).click();
  await expect(inFrame.getByRole('heading', { name: 'Overview' })).toBeVisible();
  await page.getByRole('button', { name: 'Sites' }).click();
  await expect(inFrame.getByRole('table', { name: /Sites/ })).toBeVisible();
  const frame = await dashboardFrame(page);
  // The panel has sized the frame to the content, so the panel's page scrolls, not the frame.
  await expect
    .poll(() => frame.evaluate(() => document.documentElement.scrollHeight - window.innerHeight))
    .toBeLessThanOrEqual(1);
  return { inFrame, frame };
}

/** Scrolls the panel's page (only) until `target`, in the frame, is about `y` px below the window's top; returns scrollY. */
async function scrollPanelTo(page: Page, target: Locator, y: number): Promise<number> {
  const box = await target.boundingBox();
  if (box === null) throw new Error('the target is not laid out');
  await page.evaluate((by) => window.scrollBy(0, by), Math.round(box.y - y));
  await expect.poll(async () => Math.abs(((await target.boundingBox())?.y ?? Infinity) - y)).toBeLessThan(2);
  return page.evaluate(() => window.scrollY);
}

const IN_WINDOW = 'inside the window';

/** Where `element` (in the frame) lies on the panel's window, in the page's coordinates. */
async function placeInWindow(page: Page, element: Locator): Promise<string> {
  const box = await element.boundingBox();
  const view = page.viewportSize();
  if (box === null || view === null) return 'not laid out';
  const inside = box.x >= 0 && box.y >= 0 && box.x + box.width <= view.width && box.y + box.height <= view.height;
  return inside
    ? IN_WINDOW
    : `from (${Math.round(box.x)}, ${Math.round(box.y)}) to (${Math.round(box.x + box.width)}, ${Math.round(box.y + box.height)}) in a window ${view.width}×${view.height}`;
}

test.describe('embedded in a hoster panel', () => {
  // Twice: npm test runs what the panel and the frame say to each other; the wide suite runs it
  // again with axe in the frame and screenshots at each step (e2e/support/look.ts).
  for (const looks of [false, true]) {
    test(
      `the example panel embeds the dashboard: ready, resize, auth, theme, locale and navigation by message${looks ? ', axe and screenshots' : ''}`,
      looks ? WIDE : {},
      async ({ page }, testInfo) => {
        const warnings: string[] = [];
        page.on('console', (msg) => {
          if (msg.type() === 'warning' || msg.type() === 'error') warnings.push(msg.text());
        });
        await page.goto('/sandbox/embed-example');
        const events = page.locator('#events');
        await expect(events).toContainText('ready {"signedIn":false}');
        await expect(events).toContainText(/resize \{"height":\d+\}/);
        const frame = await dashboardFrame(page);
        const inFrame = page.frameLocator('#dashboard iframe');
        await expect(inFrame.getByRole('heading', { name: 'Sign in' })).toBeVisible();
        // The panel has the chrome: no header of ours, the address without ?embed=1.
        await expect(inFrame.locator('header')).toBeHidden();
        expect(new URL(frame.url()).searchParams.has('embed')).toBe(false);

        await page.getByRole('button', { name: 'Sign in as the demo account' }).click();
        await expect(events).toContainText('signed-in');
        await expect(inFrame.getByRole('heading', { name: 'Overview' })).toBeVisible();
        await expect(events).toContainText('navigated {"path":"/"}');
        await expect(inFrame.getByRole('navigation', { name: 'Main' })).toBeVisible();
        await expect(inFrame.getByRole('button', { name: /^Account menu/ })).toBeVisible();
        await expect(inFrame.getByRole('radiogroup')).toHaveCount(0);

        // The iframe is as tall as the dashboard's content: no scrollbar of its own.
        await expect
          .poll(() => frame.evaluate(() => document.documentElement.scrollHeight - window.innerHeight))
          .toBeLessThanOrEqual(1);

        await page.getByRole('button', { name: 'Dark' }).click();
        await expect(inFrame.locator('html')).toHaveClass(/\bdark\b/);
        await page.getByRole('button', { name: 'Teal' }).click();
        await expect
          .poll(() => frame.evaluate(() => document.documentElement.style.getPropertyValue('--primary')))
          .toBe('#0f766e');

        // The panel's language: German by message, then English again.
        await page.getByRole('button', { name: 'Deutsch' }).click();
        await expect(inFrame.locator('html')).toHaveAttribute('lang', 'de');
        await expect(inFrame.getByRole('heading', { name: 'Übersicht' })).toBeVisible();
        await expect(inFrame.getByRole('navigation', { name: 'Hauptnavigation' })).toBeVisible();
        await expect(events).not.toContainText('"code":"unsupported-locale"');
        await page.getByRole('button', { name: 'English' }).click();
        await expect(inFrame.locator('html')).toHaveAttribute('lang', 'en');
        await expect(inFrame.getByRole('heading', { name: 'Overview' })).toBeVisible();

        await page.getByRole('button', { name: 'Sites' }).click();
        await expect(inFrame.getByRole('heading', { name: 'Sites' })).toBeVisible();
        await expect(events).toContainText('navigated {"path":"/sites"}');
        if (looks) {
          expect(await seriousViolations(page, '#dashboard')).toEqual([]);
          await attachScreenshot(page, testInfo, 'embed-example-dark-1280');
        }

        await page.getByRole('button', { name: 'Light' }).click();
        await expect(inFrame.locator('html')).not.toHaveClass(/\bdark\b/);
        await page.getByRole('button', { name: 'Default' }).click();
        await expect
          .poll(() => frame.evaluate(() => document.documentElement.style.getPropertyValue('--primary')))
          .toBe('');
        if (looks) await attachScreenshot(page, testInfo, 'embed-example-light-1280');

        // A hoster panel's narrow column: the navigation folds into a menu, still without inner scrolling.
        await page.setViewportSize({ width: 360, height: 800 });
        await page.getByRole('button', { name: 'Dark' }).click();
        await page.getByRole('button', { name: 'Orange' }).click();
        await expect(inFrame.getByRole('button', { name: 'Menu', exact: true })).toBeVisible();
        await expect
          .poll(() => frame.evaluate(() => document.documentElement.scrollHeight - window.innerHeight))
          .toBeLessThanOrEqual(1);
        expect(
          await frame.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
        ).toBeLessThanOrEqual(0);
        if (looks) {
          expect(await seriousViolations(page, '#dashboard')).toEqual([]);
          await attachScreenshot(page, testInfo, 'embed-example-dark-360');
        }

        // Nothing was refused or ignored along the way.
        expect(warnings.filter((w) => w.startsWith('[embed]'))).toEqual([]);
      },
    );
  }

  test('dialogs and toasts open in the part of the frame the panel’s window shows, with the focus in the dialog', async ({
    page,
  }, testInfo) => {
    const { inFrame, frame } = await signedInOnSites(page);
    const iframe = page.locator('#dashboard iframe');

    // A row low in the frame, brought near the window's top: the frame's top is far above the window,
    // the middle of the frame (where a dialog centred in the frame's viewport would be) out of sight.
    const actions = inFrame.getByRole('button', { name: 'Actions for casa-lucia.example' });
    const scrollY = await scrollPanelTo(page, actions, 180);
    const frameBox = await iframe.boundingBox();
    expect(frameBox?.y).toBeLessThan(-350);
    // The frame is as tall as the whole list (one scroll, the panel's): its middle is out of the window.
    const middle = (frameBox?.y ?? 0) + (frameBox?.height ?? 0) / 2;
    expect(middle < 0 || middle > (page.viewportSize()?.height ?? 0)).toBe(true);

    const openConfirmation = async () => {
      await actions.click();
      await inFrame.getByRole('menuitem', { name: 'Delete site, casa-lucia.example' }).click();
      const confirm = inFrame.getByRole('alertdialog', { name: 'Delete casa-lucia.example?' });
      await expect(confirm).toBeVisible();
      return confirm;
    };
    const confirm = await openConfirmation();
    await expect.poll(() => placeInWindow(page, confirm)).toBe(IN_WINDOW);
    // The focus is in the dialog, on the safe choice; nothing scrolled to show it.
    await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
    expect(await page.evaluate(() => window.scrollY)).toBe(scrollY);
    expect(await frame.evaluate(() => window.scrollY)).toBe(0);
    await attachShot(page, testInfo, 'embed-dialog-scrolled-light-1280');
    // Closed, it gives the focus back to the row's actions, still without scrolling.
    await page.keyboard.press('Escape');
    await expect(confirm).toBeHidden();
    await expect(actions).toBeFocused();
    expect(await page.evaluate(() => window.scrollY)).toBe(scrollY);

    await page.getByRole('button', { name: 'Dark' }).click();
    await expect(inFrame.locator('html')).toHaveClass(/\bdark\b/);
    await scrollPanelTo(page, actions, 180);
    const darkConfirm = await openConfirmation();
    await expect.poll(() => placeInWindow(page, darkConfirm)).toBe(IN_WINDOW);
    await attachShot(page, testInfo, 'embed-dialog-scrolled-dark-1280');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Light' }).click();

    // A toast, with the frame's end (where toasts of the frame's viewport would be) below the window.
    const exportCsv = inFrame.getByRole('button', { name: 'Export CSV' });
    await scrollPanelTo(page, exportCsv, 100);
    expect(await iframe.evaluate((el) => el.getBoundingClientRect().bottom - window.innerHeight)).toBeGreaterThan(80);
    const download = page.waitForEvent('download');
    await exportCsv.click();
    await download;
    const exported = inFrame.getByRole('region', { name: /Notifications/ }).locator('li', { hasText: /^Exported / });
    await expect(exported).toBeVisible();
    await expect.poll(() => placeInWindow(page, exported)).toBe(IN_WINDOW);

    // A hoster panel's narrow column: the Add sites dialog, the frame scrolled up out of view.
    await page.setViewportSize({ width: 360, height: 800 });
    const addSites = inFrame.getByRole('button', { name: 'Add sites' });
    await expect(addSites).toBeVisible();
    await scrollPanelTo(page, addSites, 120);
    for (const mode of ['Light', 'Dark'] as const) {
      await page.getByRole('button', { name: mode }).click();
      await scrollPanelTo(page, addSites, 120);
      await addSites.click();
      const dialog = inFrame.getByRole('dialog', { name: 'Add sites' });
      await expect(dialog).toBeVisible();
      await expect.poll(() => placeInWindow(page, dialog)).toBe(IN_WINDOW);
      await expect(dialog.getByRole('textbox').first()).toBeFocused();
      await attachShot(page, testInfo, `embed-dialog-scrolled-${mode.toLowerCase()}-360`);
      await page.keyboard.press('Escape');
      await expect(addSites).toBeFocused();
    }
  });

  test('nothing sizes itself from the frame’s height (the sites table, the printable report), so the frame settles', async ({
    page,
  }) => {
    await page.goto('/sandbox/embed-example');
    const inFrame = page.frameLocator('#dashboard iframe');
    await expect(inFrame.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await page.getByRole('button', { name: 'Sign in as the demo account' }).click();
    await expect(inFrame.getByRole('heading', { name: 'Overview' })).toBeVisible();
    await page.getByRole('button', { name: 'Sites' }).click();
    await expect(inFrame.getByRole('table', { name: /Sites/ })).toBeVisible();
    const frame = await dashboardFrame(page);
    /** The panel has sized the frame to the content: no scrollbar of its own. */
    const fitted = () =>
      expect
        .poll(() => frame.evaluate(() => document.documentElement.scrollHeight - window.innerHeight))
        .toBeLessThanOrEqual(1);
    /** Makes the frame `height` px tall, as a panel may, and measures `what` inside it. */
    const withFrame = async <T>(height: number, what: () => T) => {
      await page.locator('#dashboard iframe').evaluate((el, h) => void (el.style.height = `${h}px`), height);
      await expect.poll(() => frame.evaluate(() => window.innerHeight)).toBe(height);
      return frame.evaluate(what);
    };
    await fitted();

    const table = () => {
      const box = document.querySelector('table')?.parentElement;
      if (!box) throw new Error('no table');
      return {
        height: box.getBoundingClientRect().height,
        scrolls: box.scrollHeight > box.clientHeight,
        rows: document.querySelectorAll('tbody tr').length,
      };
    };
    // Both taller than the content: the frame shows no scrollbar, so the page's width stays.
    const short = await withFrame(1500, table);
    const tall = await withFrame(4000, table);
    // Taken from the frame's height, the limit would grow with every resize the panel makes.
    expect(tall.height).toBe(short.height);
    // One scroll, the panel's page: the table is not a scrolling box of its own.
    expect(tall.scrolls).toBe(false);
    // Still virtualised: the rows of the band the panel shows, not all 60.
    expect(tall.rows).toBeLessThan(30);

    // The printable report: as tall as its content, so the frame can shrink to it.
    await inFrame.getByRole('link', { name: 'alpine-dental.example' }).click();
    await inFrame.getByRole('link', { name: 'Print report' }).click();
    await expect(inFrame.getByRole('heading', { level: 1, name: 'Website security report' })).toBeVisible();
    await fitted();
    const content = () => document.getElementById('root')?.getBoundingClientRect().height ?? -1;
    const fit = await frame.evaluate(content);
    expect(await withFrame(fit + 1000, content)).toBe(fit);
  });

  test('the frame is refused to a page outside FRAME_ANCESTORS', async ({ page, baseURL }) => {
    const outsider = await startOutsider();
    try {
      const errors: string[] = [];
      page.on('console', (msg) => {
        if (msg.type() === 'error') errors.push(msg.text());
      });
      await outsider.open(page, `${baseURL}/?embed=1`);
      // Chromium puts its own error page in place of the dashboard, and says why.
      await expect.poll(() => page.frames()[1]?.url()).toBe('chrome-error://chromewebdata/');
      await expect
        .poll(() => errors.join('\n'))
        .toMatch(/violates the following Content Security Policy directive: "frame-ancestors/);
      expect(await page.frames()[1]?.evaluate(() => document.getElementById('root'))).toBeNull();
      expect(await page.evaluate(() => Reflect.get(window, 'received'))).toEqual([]);
    } finally {
      await outsider.close();
    }
  });

  test.describe('a page allowed to frame it but not in EMBED_ORIGINS', () => {
    // One second server for the group: its tests run in order in one worker.
    test.describe.configure({ mode: 'default' });
    let server: RunningServer;
    let outsider: Outsider;
    let dir: TemporaryDirectory | undefined;

    test.beforeAll(async () => {
      // Made here, not at load time: every worker loads this file to list the tests.
      dir = temporaryDirectory('e2e-embed-');
      outsider = await startOutsider();
      server = await startSecondServer({
        SANDBOX_DB: join(dir.path, 'sandbox.sqlite'),
        SANDBOX_SEED: 'empty',
        FRAME_ANCESTORS: `'self' ${outsider.origin}`,
        EMBED_ORIGINS: 'https://panel.example.com',
      });
    });
    test.afterAll(async () => {
      await server?.stop();
      await outsider?.close();
      dir?.remove();
    });

    test('its messages change nothing, and it hears nothing', async ({ page }) => {
      const warnings: string[] = [];
      page.on('console', (msg) => {
        if (msg.type() === 'warning') warnings.push(msg.text());
      });
      await outsider.open(page, `${server.origin}/?embed=1`);
      const frame = page.frameLocator('iframe');
      await expect(frame.getByRole('heading', { name: 'Sign in' })).toBeVisible();
      await expect
        .poll(() => warnings.join('\n'))
        .toContain(`[embed] embedded by ${outsider.origin}, which is not in EMBED_ORIGINS: no messages to or from it`);
      await page.evaluate(() => {
        const target = document.querySelector('iframe')?.contentWindow;
        target?.postMessage({ type: 'theme', version: 1, mode: 'dark', accent: '#7c3aed' }, '*');
        target?.postMessage({ type: 'navigate', version: 1, path: '/sites' }, '*');
        target?.postMessage({ type: 'auth', version: 1, apiKey: 'stolen-key', macKey: 'stolen-mac' }, '*');
      });
      await expect.poll(() => warnings.filter((w) => w.includes('ignored a message from')).length).toBe(3);
      expect(warnings.join('\n')).toContain(
        `[embed] ignored a message from ${outsider.origin}: the origin is not in EMBED_ORIGINS`,
      );
      expect(warnings.join('\n')).not.toContain('stolen');
      await expect(frame.locator('html')).not.toHaveClass(/\bdark\b/);
      await expect(frame.getByRole('heading', { name: 'Sign in' })).toBeVisible();
      expect(await page.evaluate(() => Reflect.get(window, 'received'))).toEqual([]);
    });

    test('without a demo account the login page offers no demo', async ({ page }) => {
      const health = page.waitForResponse((res) => res.url().endsWith('/sandbox/health'));
      await page.goto(`${server.origin}/login`);
      await health;
      await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Try the demo' })).toHaveCount(0);
    });
  });
});

test('Try the demo signs in to a demo account of its own in one click and reaches the overview', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Try the demo' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
  await page.getByRole('button', { name: /^Account menu/ }).click();
  // A demo account of its own, which says so and when it resets.
  await expect(page.getByRole('menu')).toContainText(/demo-[0-9a-f]+@partner\.example/);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('demo-banner')).toContainText('This is a demo account of your own');
});
