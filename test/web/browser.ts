import { execFile } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Browser, BrowserContext, chromium, Page } from 'playwright-core';
import { withApp } from '../support/app';

/**
 * Browser tests: Debian's Chromium (`.ci/run` installs it) driven by playwright-core, against the
 * client as `npm run build` builds it.
 */

export const SCREENSHOTS = join(process.cwd(), 'test-results', 'screenshots');
export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };

/** `npm run build:web`: the api serves dist/web, so the tests see the client a player would. */
export async function buildClient() {
  await promisify(execFile)(
    process.execPath,
    ['node_modules/vite/bin/vite.js', 'build', '-c', 'apps/web/vite.config.mts'],
    {
      env: { ...process.env, VITE_CONFIG_NATIVE_IGNORE_WARNING: 'true' },
    },
  );
}

/**
 * Without the background traffic a closed network refuses. Playwright adds `--headless` and a fresh
 * `--user-data-dir` of its own; each context is a separate profile (storage, cookies).
 */
export function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

/** A person at a browser of their own: their page, and everything the console said that was wrong. */
export interface Person {
  context: BrowserContext;
  page: Page;
  problems: string[];
}

export async function person(browser: Browser, url: string): Promise<Person> {
  const context = await browser.newContext({ viewport: DESKTOP, baseURL: url });
  context.setDefaultTimeout(20_000);
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') problems.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  return { context, page, problems };
}

/** Signs up as `name` (password: `<name> password`) from the home page, and is then logged in. */
export async function signUp({ page }: Person, name: string) {
  await page.goto('/');
  await page.getByRole('link', { name: 'Log in', exact: true }).click();
  await page.getByRole('tab', { name: 'Sign up' }).click();
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Password', { exact: true }).fill(`${name} password`);
  await page.getByRole('button', { name: 'Sign up' }).click();
  await page.getByRole('button', { name: 'Log out' }).waitFor();
}

/** The game screen's order editor for `turn` (a month in Space Farce, as its book says). */
export const ordersEditor = ({ page }: Person, turn: number) =>
  page.getByRole('textbox', { name: new RegExp(`^Orders for (turn|month) ${turn}\\b`) });

/** `<name>-desktop.png` and `<name>-phone.png` in SCREENSHOTS; the page is left at desktop width. */
export async function screenshots(page: Page, name: string) {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOTS, `${name}-desktop.png`) });
  await page.setViewportSize(PHONE);
  await page.screenshot({ path: join(SCREENSHOTS, `${name}-phone.png`), fullPage: true });
  await page.setViewportSize(DESKTOP);
}

/**
 * For the tests of one file: the client built, a server (see withApp) and a browser; `person()` is
 * someone at a browser of their own on that server.
 */
export function withBrowser() {
  beforeAll(buildClient, 120_000);
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launch();
  });
  // Before the server's (after-all hooks run in the order declared): its pages' sockets close first.
  afterAll(async () => {
    await browser?.close();
  });
  const server = withApp();
  return { server, person: () => person(browser!, server.url) };
}

/**
 * Once Ada has created the game `name` (her page on it): she joins as ADA, Bob as BOB, she starts
 * it, and both see turn 1's order editor. The game's id.
 */
export async function joinAndStart(ada: Person, bob: Person, name: string): Promise<string> {
  await ada.page.getByRole('heading', { name }).waitFor();
  const gameId = /\/app\/games\/([^/?#]+)/.exec(ada.page.url())![1];
  await ada.page.getByLabel("Your empire's name").fill('ADA');
  await ada.page.getByRole('button', { name: 'Join' }).click();
  await ada.page.locator('.players li', { hasText: 'ADA' }).waitFor();
  await bob.page.getByRole('link', { name: new RegExp(name) }).click();
  await bob.page.getByLabel("Your empire's name").fill('BOB');
  await bob.page.getByText('BOB is free').waitFor();
  await bob.page.getByRole('button', { name: 'Join' }).click();
  await ada.page.locator('.players li', { hasText: 'BOB' }).waitFor();
  await ada.page.getByRole('button', { name: 'Start the game' }).click();
  for (const p of [ada, bob]) await ordersEditor(p, 1).waitFor();
  return gameId;
}
