import { expect, test } from '@playwright/test';
import { collectConsoleProblems, openNewList, registerUser } from './fixtures.ts';

/**
 * A clean console on the way a new user goes: no error and no Content-Security-Policy violation
 * (a library trying eval, an inline style or script the policy refuses). Lighthouse's best
 * practices count each of them against the page.
 */
test('signing up, the dashboard and a list leave no console error and no CSP violation', async ({ page }) => {
  const problems = collectConsoleProblems(page);
  await page.exposeFunction('reportViolation', (text: string) => problems.push(`CSP: ${text}`));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      void (window as unknown as { reportViolation(text: string): void }).reportViolation(
        `${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`,
      );
    });
  });

  await registerUser(page, 'console');
  await openNewList(page, 'Groceries');
  await page.getByPlaceholder('Add item...').fill('milk');
  await page.getByPlaceholder('Add item...').press('Enter');
  await expect(page.getByTestId('item-row')).toHaveCount(1);
  await page.reload();
  await expect(page.getByTestId('item-row')).toHaveCount(1);

  expect(problems).toEqual([]);
});
