import crypto from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Browser, type Locator, type Page } from '@playwright/test';
import { STORAGE_KEYS, VERIFY_EMAIL_PATH } from '../common/constants.ts';
import { SERVER_MESSAGES } from '../common/messages.ts';
import { linkIn, mailsTo } from './mailbox.ts';

/** A fresh address, so every test's user is its own. */
export function newEmail(prefix = 'user'): string {
  return `${prefix}-${crypto.randomBytes(4).toString('hex')}@example.com`;
}

/** Console errors and uncaught page errors from now on, for a test to expect none. */
export function collectConsoleProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  return problems;
}

/** Fills the sign-in form and presses one of its buttons. */
export async function submitAuthForm(page: Page, email: string, password: string, button: 'Login' | 'Register') {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: button, exact: true }).click();
}

export async function expectSignedIn(page: Page, email: string) {
  await expect(page.getByTestId('user-email')).toHaveText(email);
}

export const PASSWORD = 'secret-password';

/** Opens the app, registers a fresh user and waits for the dashboard; answers the address. */
export async function registerUser(page: Page, prefix = 'user'): Promise<string> {
  return registerAs(page, newEmail(prefix));
}

/**
 * Registers `email` as registerUser does. A fixed address is for screens compared with their
 * screenshots (the server's data folder is new for every run), each used by one test only.
 */
export async function registerAs(page: Page, email: string): Promise<string> {
  await page.goto('/');
  await submitAuthForm(page, email, PASSWORD, 'Register');
  await expectSignedIn(page, email);
  return email;
}

/** Creates a list on the dashboard and waits until the server has confirmed it (its card no longer busy). */
export async function createList(page: Page, name: string) {
  await page.getByPlaceholder('Create a new list...').fill(name);
  await page.getByPlaceholder('Create a new list...').press('Enter');
  const link = page.getByRole('link', { name, exact: true });
  await expect(page.getByRole('listitem').filter({ has: link })).toHaveAttribute('aria-busy', 'false');
  return link;
}

/** Creates a list and opens it; answers the list id from the URL. */
export async function openNewList(page: Page, name: string): Promise<string> {
  await (await createList(page, name)).click();
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  return new URL(page.url()).pathname.split('/').at(-1)!;
}

/** The widths every screen is compared at: a phone's and a laptop's. */
const SCREEN_SIZES = [
  { width: 360, height: 740 },
  { width: 1280, height: 800 },
] as const;

/**
 * The screen as it is now (an open menu or dialog included) matches its committed baselines in
 * e2e/screenshots/, in the light and the dark theme at 360 and 1280 px wide; a layout break fails
 * the run. `mask` covers what differs from run to run and e2e/screenshot.css does not hide (a
 * camera's picture). The theme is switched on the page only, not stored; the size is restored after.
 */
export async function expectScreenshots(page: Page, name: string, mask: Locator[] = []) {
  const size = page.viewportSize();
  const theme = await showTheme(page, 'light');
  for (const mode of ['light', 'dark'] as const) {
    await showTheme(page, mode);
    for (const viewport of SCREEN_SIZES) {
      await page.setViewportSize(viewport);
      await expect.soft(page, `${name}, ${mode} theme, ${viewport.width} px`).toHaveScreenshot(`${name}-${mode}-${viewport.width}.png`, {
        fullPage: false,
        mask,
      });
    }
  }
  await showTheme(page, theme);
  if (size) await page.setViewportSize(size);
}

/** What axe checks: WCAG 2.0 and 2.1, levels A and AA, and its best practices. */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

/**
 * Shows `theme` on the page as a choice made in another tab would (web/core/store/theme.ts), so the
 * app's own controls follow it, but not stored; answers the one it replaced.
 */
async function showTheme(page: Page, theme: string | undefined): Promise<string | undefined> {
  return page.evaluate(
    ({ key, value }) => {
      const before = document.documentElement.dataset.theme;
      window.dispatchEvent(new StorageEvent('storage', { key, newValue: value ?? 'light' }));
      return before;
    },
    { key: STORAGE_KEYS.theme, value: theme },
  );
}

/** Waits until every finite animation has ended (a menu's opening), so colours are the final ones. */
async function animationsEnded(page: Page) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

/** A violating element and what axe says is wrong with it ("ul (List element has direct children that are not allowed)"). */
function whereAndWhy(node: { target: unknown[]; failureSummary?: string }): string {
  const reasons = (node.failureSummary ?? '').split('\n').filter((line) => line && !line.startsWith('Fix '));
  return `${node.target.join(' ')} (${reasons.map((line) => line.trim()).join('; ')})`;
}

/**
 * axe finds no violation on the page as it is now (an open menu or dialog included), in the light
 * and the dark theme; the failure names each violation's rule, impact, elements and help.
 */
export async function expectNoAxeViolations(page: Page, name: string) {
  const theme = await showTheme(page, 'light');
  for (const mode of ['light', 'dark'] as const) {
    await showTheme(page, mode);
    await animationsEnded(page);
    const { violations } = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
    const found = violations.map(
      (violation) => `${violation.id} (${violation.impact}): ${violation.help}; at ${violation.nodes.map(whereAndWhy).join(', ')}`,
    );
    expect.soft(found, `axe violations on ${name}, ${mode} theme`).toEqual([]);
  }
  await showTheme(page, theme);
}

/** Adds items through the bottom add bar. */
export async function addItems(page: Page, text: string) {
  await page.getByPlaceholder('Add item...').fill(text);
  await page.getByPlaceholder('Add item...').press('Enter');
}

/** The item rows' texts (quantity and content), in screen order. */
export function itemTexts(page: Page) {
  return page.getByTestId('item-text');
}

/** Swipes an item row left by `distance` px with a finger (touch input through Chromium, as on a phone), or drags it with the mouse. */
export async function swipeLeft(page: Page, content: string, distance: number, by: 'finger' | 'mouse' = 'finger') {
  // From the item's text, where a finger would start, not from one of the row's buttons.
  const text = page.getByTestId('item-row').filter({ hasText: content }).getByTestId('item-text');
  const box = (await text.boundingBox())!;
  const [x, y] = [box.x + box.width / 2 + distance / 2, box.y + box.height / 2];
  const steps = Array.from({ length: 8 }, (_, step) => x - (distance * (step + 1)) / 8);
  if (by === 'mouse') {
    await page.mouse.move(x, y);
    await page.mouse.down();
    for (const at of steps) await page.mouse.move(at, y);
    await page.mouse.up();
    return;
  }
  const input = await page.context().newCDPSession(page);
  const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', at: number) =>
    input.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : [{ x: at, y }] });
  await touch('touchStart', x);
  for (const at of steps) await touch('touchMove', at);
  await touch('touchEnd', x - distance);
  await input.detach();
}

/** The signed-in user's token, to check the server's state through the API. */
export async function apiToken(page: Page): Promise<string> {
  return (await page.evaluate(() => localStorage.getItem('listo_token')))!;
}

/** A notification's text (the toast itself, not its screen-reader announcement). */
export function toast(page: Page, text: string) {
  return page.getByText(text, { exact: true });
}

/** Opens the confirmation link the server mailed to `email` (e2e/mailbox.ts), as its owner would. */
export async function confirmEmail(page: Page, email: string) {
  const port = new URL(page.url()).port;
  await expect.poll(() => mailsTo(port, email).length).toBeGreaterThan(0);
  await page.goto(linkIn(mailsTo(port, email).at(-1)!, VERIFY_EMAIL_PATH));
  await expect(page.getByRole('status')).toHaveText(SERVER_MESSAGES.emailVerified);
}

/** A second member with edit rights, signed in in a browser of their own (`viewport`), on the list. */
export async function secondMember(
  browser: Browser,
  owner: Page,
  listId: string,
  viewport: { width: number; height: number },
  prefix = 'member',
): Promise<{ other: Page; close: () => Promise<void> }> {
  const context = await browser.newContext({ viewport });
  const other = await context.newPage();
  const email = await registerUser(other, prefix);
  await confirmEmail(other, email);
  const invite = await owner.request.post(`/api/v1/lists/${listId}/shares`, {
    headers: { authorization: `Bearer ${await apiToken(owner)}` },
    data: { email, permission: 'edit' },
  });
  expect(invite.status()).toBe(201);
  await other.goto(`/lists/${listId}`);
  await expect(other.getByRole('heading', { level: 1 })).toBeVisible();
  return { other, close: () => context.close() };
}
