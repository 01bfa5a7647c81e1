import fs from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { strToU8, unzipSync, zipSync } from 'fflate';
import { EXPORT_FILES } from '../common/transfer.ts';
import { addItems, expectNoAxeViolations, itemTexts, openNewList, registerUser, toast } from './fixtures.ts';

/** A Google Keep Takeout as Google writes it: a checklist note with a label and a photo, and a trashed note. */
function keepTakeout(): Buffer {
  const note = (fields: Record<string, unknown>) =>
    strToU8(JSON.stringify({ color: 'DEFAULT', isTrashed: false, isPinned: false, isArchived: false, userEditedTimestampUsec: 1732000000000000, ...fields }));
  return Buffer.from(
    zipSync({
      'Takeout/archive_browser.html': strToU8('<html></html>'),
      'Takeout/Keep/Groceries.json': note({
        title: 'Groceries',
        listContent: [
          { text: '2 bottles milk', isChecked: false },
          { text: 'eggs', isChecked: true },
        ],
        labels: [{ name: 'Shop' }],
        attachments: [{ filePath: 'photo1.jpg', mimetype: 'image/jpeg' }],
      }),
      'Takeout/Keep/photo1.jpg': new Uint8Array([0xff, 0xd8, 0xff, 0xe0]),
      'Takeout/Keep/Old.json': note({ title: 'Old', isTrashed: true, listContent: [{ text: 'x', isChecked: false }] }),
    }),
  );
}

/** At 320 and 390 px wide the section stays inside its card and the page does not scroll sideways. */
async function expectFitsPhones(page: Page, section: Locator) {
  const size = page.viewportSize();
  for (const width of [320, 390]) {
    await page.setViewportSize({ width, height: 700 });
    const widths = await section.evaluate((card) => ({ card: card.scrollWidth - card.clientWidth, page: document.documentElement.scrollWidth }));
    expect(widths, `at ${width} px`).toEqual({ card: 0, page: width });
  }
  if (size) await page.setViewportSize(size);
}

/** A new user's new list `name` holding milk, with its Import into this list dialog open. */
async function importIntoNewList(page: Page, name: string): Promise<Locator> {
  await registerUser(page, 'importer');
  await openNewList(page, name);
  await addItems(page, 'milk');
  await expect(itemTexts(page)).toHaveText(['milk']);
  await page.getByRole('button', { name: 'List options' }).click();
  await page.getByRole('menuitem', { name: 'Import into this list' }).click();
  return page.getByRole('dialog', { name: 'Import into this list' });
}

test('a Keep Takeout is previewed, then imported; everything exports as one zip', async ({ page }) => {
  // Made once: a zip made again carries other timestamps, so other bytes.
  const takeout = keepTakeout();
  await registerUser(page, 'mover');
  await page.getByRole('link', { name: 'Account Settings' }).click();
  const section = page.getByRole('region', { name: 'Import and export' });
  await section.getByLabel('Import a file').setInputFiles({ name: 'takeout.zip', mimeType: 'application/zip', buffer: takeout });

  await expect(section.getByRole('heading', { name: 'In takeout.zip' })).toBeFocused();
  await expect(section.getByTestId('import-lists')).toHaveText('Groceries: 2 items, 1 checked');
  await expect(section.getByTestId('import-skipped').getByRole('listitem')).toHaveText([
    'takeout.zip, entry Takeout/Keep/Groceries.json, photo1.jpg: a photo of the note, not of one of its items',
    'takeout.zip, entry Takeout/Keep/Old.json: in the trash',
  ]);
  await expectNoAxeViolations(page, 'Account Settings, import preview');
  await expectFitsPhones(page, section);

  await section.getByRole('button', { name: 'Import 1 list' }).click();
  await expect(section.getByRole('status').last()).toHaveText('Imported 1 list.');

  // The same file again is recognised.
  await section.getByLabel('Import a file').setInputFiles({ name: 'takeout.zip', mimeType: 'application/zip', buffer: takeout });
  await expect(section.getByText(/^You imported this file on \d{4}-\d\d-\d\d\. Import it again as new lists\?$/)).toBeVisible();
  await expect(section.getByRole('button', { name: 'Import again as new lists' })).toBeVisible();
  await section.getByRole('button', { name: 'Cancel' }).click();

  const download = page.waitForEvent('download');
  await section.getByRole('button', { name: 'Export everything' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^listo-export-\d{4}-\d\d-\d\d\.zip$/);
  const zip = unzipSync(fs.readFileSync(await file.path()));
  const document = JSON.parse(new TextDecoder().decode(zip[EXPORT_FILES.document]));
  expect(document.lists).toEqual([
    expect.objectContaining({
      name: 'Groceries',
      items: [
        expect.objectContaining({ content: 'milk', is_completed: false, properties: { qty: '2 bottles', tag_shop: true } }),
        expect.objectContaining({ content: 'eggs', is_completed: true, properties: { tag_shop: true } }),
      ],
    }),
  ]);
  await expect(section.getByRole('status').last()).toHaveText('Your export has been downloaded.');

  await page.goto('/');
  await expect(page.getByRole('link', { name: /Groceries/ })).toBeVisible();
});

test('pasted items are previewed and imported into a list, merged with what is on it; the list exports as Markdown', async ({ page }) => {
  const dialog = await importIntoNewList(page, 'Picnic');
  await dialog.getByLabel('Paste items').fill('- [ ] milk\n- [ ] 2 bottles water\n- [ ] bread');
  await dialog.getByRole('button', { name: 'Preview' }).click();
  await expect(dialog.getByTestId('list-import-preview')).toHaveText('In pasted.txt: 2 new items; 1 already on the list, merged');
  await expect(dialog.getByTestId('list-import-preview')).toBeFocused();
  await expectNoAxeViolations(page, 'Import into this list, preview');
  await expectFitsPhones(page, dialog);

  await dialog.getByRole('button', { name: 'Import 2 items' }).click();
  await expect(dialog).toBeHidden();
  await expect(toast(page, 'Imported 2 items into this list.')).toBeVisible();
  // The rows in the list's default sort; the quantity is shown apart from the name.
  await expect(itemTexts(page)).toHaveText(['2 bottleswater', 'bread', 'milk']);

  await page.getByRole('button', { name: 'List options' }).click();
  const download = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'Export as Markdown' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('Picnic.md');
  expect(fs.readFileSync(await file.path(), 'utf8')).toBe('# Picnic\n\n- [ ] milk\n- [ ] 2 bottles water\n- [ ] bread\n');
});

test('a recipe\'s ingredients pasted into a list become items without their preparation, merged with what is on it', async ({ page }) => {
  const dialog = await importIntoNewList(page, 'Dinner');
  await dialog.getByLabel('The pasted text is').selectOption('Recipe ingredients');
  await dialog.getByLabel('Paste items').fill('Ingredients:\n2 onions, finely chopped\n1 cup flour, sifted\n½ cup milk, warm\nsalt and pepper to taste');
  await dialog.getByRole('button', { name: 'Preview' }).click();
  await expect(dialog.getByTestId('list-import-preview')).toHaveText('In recipe.txt: 4 new items; 1 already on the list, merged');
  await dialog.getByRole('button', { name: 'Import 4 items' }).click();
  await expect(toast(page, 'Imported 4 items into this list.')).toBeVisible();
  await expect(itemTexts(page)).toHaveCount(5);
  for (const name of ['2onions', '1 cupflour', 'salt', 'pepper']) await expect(itemTexts(page).filter({ hasText: new RegExp(`^${name}$`) })).toHaveCount(1);
});
