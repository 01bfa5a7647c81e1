import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { ownerWithList } from '../../test/items.ts';
import { useTestApp } from '../../test/test-app.ts';
import { photoData, photoOf, type PrintedList } from './printed-lists.ts';

/**
 * Photos of printed lists, rendered by the test (SVG text through sharp), read by the offline
 * assistant's OCR through POST /lists/{id}/items/photo. Accuracy (entries read exactly) is printed
 * per photo; the test asks for most of them. One app, so one OCR worker, for the whole file.
 */

const t = useTestApp();

const LISTS: PrintedList[] = [
  {
    name: 'sans, dashes, a title',
    title: 'Shopping list',
    bullet: '- ',
    font: 'DejaVu Sans',
    size: 30,
    entries: ['2 bottles milk', 'eggs', 'sourdough bread', 'bananas', 'olive oil', 'toilet paper', '3 cans chickpeas', 'greek yogurt', 'peanut butter', 'dish soap'],
  },
  {
    name: 'serif, check boxes',
    bullet: '[ ] ',
    font: 'Liberation Serif',
    size: 32,
    entries: ['apples', 'cheddar cheese', 'chicken breasts', 'basmati rice', 'orange juice', 'coffee beans', 'paper towels', 'shampoo', 'frozen peas', 'dark chocolate'],
  },
  {
    name: 'numbered, photographed sideways',
    title: 'Groceries',
    bullet: 'n. ',
    font: 'Liberation Sans',
    size: 28,
    orientation: 6,
    entries: ['1 lb ground beef', 'spaghetti', 'tomato sauce', 'parmesan', 'garlic', 'red onions', 'baby spinach', 'butter'],
  },
];

const accuracies: string[] = [];
afterAll(() => console.info(`OCR accuracy (entries read exactly):\n${accuracies.join('\n')}`));

describe('photo-to-items offline', () => {
  it.each(LISTS)('reads a printed list: $name', async (list) => {
    const { owner, listId } = await ownerWithList(t);
    const photo = await photoOf(list);
    const response = await t.request({
      method: 'POST',
      path: `/lists/${listId}/items/photo`,
      token: owner.token,
      body: { photoData: photoData(photo) },
    });

    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const read: string[] = response.body.items.map((item: { content: string }) => item.content);
    const exact = list.entries.filter((entry) => read.some((content) => content.toLowerCase() === entry));
    accuracies.push(`  ${list.name}: ${exact.length}/${list.entries.length}; read ${JSON.stringify(read)}`);
    expect(exact.length / list.entries.length).toBeGreaterThanOrEqual(0.8);
    // The title is not an entry, and nothing is invented.
    expect(read.length).toBeLessThanOrEqual(list.entries.length);
  });

  it('takes bare base64 too, and a photo without text gives no items', async () => {
    const { owner, listId } = await ownerWithList(t);
    const blank = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#ffffff' } }).png().toBuffer();
    const response = await t.request({
      method: 'POST',
      path: `/lists/${listId}/items/photo`,
      token: owner.token,
      body: { photoData: blank.toString('base64') },
    });
    expect(response.status).toBe(200);
    expect(response.body.items).toEqual([]);
  });
});
