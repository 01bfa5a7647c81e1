import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import sharp from 'sharp';
import { IMAGE_TEXT } from '../common/image-uploads.ts';
import { addItems, apiToken, confirmEmail, expectNoAxeViolations, expectScreenshots, openNewList, registerUser, toast } from './fixtures.ts';

/**
 * A photo on an item, end to end: Chromium's fake camera (e2e/chromium.ts) takes it, the item row
 * shows the thumbnail served by Listo's signed URL, a second browser of another member sees it
 * arrive live, and removing it takes it away for both.
 */
test('take a photo of an item, see it live in another browser, and remove it', async ({ page, browser, context }) => {
  await context.grantPermissions(['camera']);
  await registerUser(page, 'owner');
  const listId = await openNewList(page, 'Hardware');
  await addItems(page, 'hinges');
  await expect(page.getByTestId('item-row')).toHaveCount(1);

  // A second member, in their own browser, following the list.
  const otherContext = await browser.newContext();
  const other = await otherContext.newPage();
  const otherEmail = await registerUser(other, 'member');
  await confirmEmail(other, otherEmail);
  const token = await page.evaluate(() => localStorage.getItem('listo_token'));
  const invite = await page.request.post(`/api/v1/lists/${listId}/shares`, {
    headers: { authorization: `Bearer ${token}` },
    data: { email: otherEmail, permission: 'edit' },
  });
  expect(invite.status()).toBe(201);
  await other.goto(`/lists/${listId}`);
  await expect(other.getByTestId('item-row')).toHaveCount(1);

  await page.getByRole('button', { name: 'Add image to hinges' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Image to Item' });
  await expectNoAxeViolations(page, 'Add Image to Item');
  await expectScreenshots(page, 'add-image');
  await dialog.getByRole('button', { name: 'Take a Photo' }).click();
  const camera = page.getByRole('dialog', { name: 'Take a Photo' });
  await expect(camera.getByLabel('Camera preview')).toBeVisible();
  await expect(camera.getByRole('button', { name: 'Capture' })).toBeEnabled();
  await expectNoAxeViolations(page, 'Take a Photo');
  // The fake camera's picture moves.
  await expectScreenshots(page, 'take-photo', [camera.getByLabel('Camera preview')]);
  await camera.getByRole('button', { name: 'Capture' }).click();
  await expect(camera).toHaveCount(0);

  // Optimistic at once, then the server's signed thumbnail.
  const thumbnail = page.getByRole('button', { name: 'Image of hinges' }).locator('img');
  await expect(thumbnail).toHaveAttribute('src', /\/api\/v1\/media\/images\/.+thumbnail\.webp\?exp=\d+&sig=/);
  await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await expectNoAxeViolations(page, 'list, with an item image');

  // The other member sees it without a reload.
  const theirs = other.getByRole('button', { name: 'Image of hinges' }).locator('img');
  await expect(theirs).toHaveAttribute('src', /thumbnail\.webp/);
  await expect.poll(() => theirs.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

  // The viewer shows the medium size; Remove Image takes it away for both.
  await page.getByRole('button', { name: 'Image of hinges' }).click();
  const viewer = page.getByRole('dialog', { name: 'hinges' });
  await expect(viewer.getByRole('img', { name: 'Image of hinges' })).toHaveAttribute('src', /medium\.webp/);
  await expect.poll(() => viewer.getByRole('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await expectNoAxeViolations(page, 'image viewer');
  // The photo is a frame of the fake camera's moving picture.
  await expectScreenshots(page, 'image-viewer', [page.locator('img')]);
  await viewer.getByRole('button', { name: 'Remove Image' }).click();
  await expect(page.getByRole('button', { name: 'Add image to hinges' })).toBeFocused();
  await expect(other.getByRole('button', { name: 'Image of hinges' })).toHaveCount(0);
  await otherContext.close();
});

test('at 320 px the viewer of an item with a very long name shows its picture without scrolling', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 640 });
  await registerUser(page, 'long-name');
  const listId = await openNewList(page, 'Long names');
  const name = 'L'.repeat(500);
  const token = await apiToken(page);
  const headers = { authorization: `Bearer ${token}` };
  const created = await page.request.post(`/api/v1/lists/${listId}/items`, { headers, data: { content: name } });
  const picture = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#3a7' } }).jpeg().toBuffer();
  const attached = await page.request.post(`/api/v1/lists/${listId}/items/${(await created.json()).id}/image`, {
    headers,
    data: { imageData: `data:image/jpeg;base64,${picture.toString('base64')}` },
  });
  expect(attached.status()).toBe(200);

  await page.getByRole('button', { name: `Image of ${name}` }).click();
  // The title is cut to a few lines on screen; the dialog's name keeps all of it.
  const viewer = page.getByRole('dialog', { name });
  const image = viewer.getByRole('img', { name: `Image of ${name}` });
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  const box = (await image.boundingBox())!;
  expect(box.y + box.height / 2).toBeLessThan(640);
  expect(await viewer.evaluate((dialog) => dialog.scrollWidth <= dialog.clientWidth)).toBe(true);
  await expect(viewer.getByRole('button', { name: 'Close' })).toBeInViewport();
});

/** A new user, at 320 px with a camera, on a new list of one item: answers the list's id. */
async function phoneWithList(page: Page, context: BrowserContext, user: string, list: string, item: string): Promise<string> {
  await page.setViewportSize({ width: 320, height: 640 });
  await context.grantPermissions(['camera']);
  await registerUser(page, user);
  const listId = await openNewList(page, list);
  await addItems(page, item);
  await expect(page.locator('[data-pending="true"]')).toHaveCount(0);
  return listId;
}

/** Takes a photo of the item with the fake camera, from its row. */
async function takePhotoOf(page: Page, item: string) {
  await page.getByRole('button', { name: `Add image to ${item}` }).click();
  await page.getByRole('dialog', { name: 'Add Image to Item' }).getByRole('button', { name: 'Take a Photo' }).click();
  const camera = page.getByRole('dialog', { name: 'Take a Photo' });
  await expect(camera.getByRole('button', { name: 'Capture' })).toBeEnabled();
  await camera.getByRole('button', { name: 'Capture' }).click();
}

test('at 320 px an upload held on its way can be cancelled from the viewer: the item is left as it was', async ({ page, context }) => {
  const listId = await phoneWithList(page, context, 'cancel-upload', 'Garden', 'rake');
  // The upload never gets an answer, as on a stalled phone uplink.
  await page.route(`**/api/v1/lists/${listId}/items/*/image`, () => {});

  await takePhotoOf(page, 'rake');
  await expect(page.getByRole('progressbar', { name: 'Uploading image' })).toBeVisible();

  await page.getByRole('button', { name: 'Image of rake' }).click();
  const viewer = page.getByRole('dialog', { name: 'rake' });
  await expect(viewer.getByRole('button', { name: 'Remove Image' })).toHaveCount(0);
  await expect(viewer.getByRole('button', { name: 'Cancel Upload' })).toBeInViewport();
  await expectNoAxeViolations(page, 'image viewer while uploading');
  await viewer.getByRole('button', { name: 'Cancel Upload' }).click();

  await expect(page.getByText('Upload cancelled.', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add image to rake' })).toBeFocused();
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  const items = await page.request.get(`/api/v1/lists/${listId}/items`, { headers: { authorization: `Bearer ${await apiToken(page)}` } });
  expect((await items.json()).items).toMatchObject([{ content: 'rake', images: null }]);
});

/** How many photos the app keeps on the device for their upload (web/features/photos/waiting-photos.ts): read once the app made its store. */
function keptPhotos(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('listo-photos');
        open.onerror = () => reject(open.error ?? new Error('the photo store did not open'));
        open.onsuccess = () => {
          const count = open.result.transaction('waiting').objectStore('waiting').count();
          count.onerror = () => reject(count.error ?? new Error('the photo store was not counted'));
          count.onsuccess = () => {
            open.result.close();
            resolve(count.result);
          };
        };
      }),
  );
}

test('at 320 px a photo attached while uploads fail survives a reload, and reaches the server once it can', async ({ page, context }) => {
  const listId = await phoneWithList(page, context, 'kept-photo', 'Pantry', 'flour');
  // The server cannot be reached for uploads (page.route outlives the reload).
  const uploads = `**/api/v1/lists/${listId}/items/*/image`;
  await page.route(uploads, (route) => route.abort('internetdisconnected'));

  await takePhotoOf(page, 'flour');
  await expect(toast(page, IMAGE_TEXT.uploadWaitKept)).toBeInViewport({ ratio: 1 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await expect(page.getByRole('progressbar', { name: IMAGE_TEXT.uploadWaiting })).toBeVisible();
  expect(await keptPhotos(page)).toBe(1);

  // No "leave the page?" question (it would hold the reload): the photo is on the device.
  await page.reload();
  // The new page, which holds nothing of the last one's upload, sends it again, and waits as that one did.
  await expect(page.getByRole('progressbar', { name: IMAGE_TEXT.uploadWaiting })).toBeVisible();

  await page.unroute(uploads);
  const thumbnail = page.getByRole('button', { name: 'Image of flour' }).locator('img');
  await expect(thumbnail).toHaveAttribute('src', /\/api\/v1\/media\/images\/.+thumbnail\.webp\?exp=\d+&sig=/, { timeout: 20_000 });
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  const items = await page.request.get(`/api/v1/lists/${listId}/items`, { headers: { authorization: `Bearer ${await apiToken(page)}` } });
  expect((await items.json()).items).toMatchObject([{ content: 'flour', images: { primary: { thumbnailUrl: expect.stringContaining('thumbnail.webp') } } }]);
  await expect.poll(() => keptPhotos(page)).toBe(0);
});
