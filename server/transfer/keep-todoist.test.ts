import { strToU8 } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeImage } from '../test/images.ts';
import { createUser, type TestUser } from '../test/factories.ts';
import { useTestApp } from '../test/test-app.ts';
import { makeZip, sendImport } from '../test/transfer.ts';

/** Google Keep Takeouts and Todoist CSV exports, as those apps write them. */

const t = useTestApp();
let user: TestUser;

const keepNote = (fields: Record<string, unknown>) =>
  JSON.stringify({ color: 'DEFAULT', isTrashed: false, isPinned: false, isArchived: false, title: '', userEditedTimestampUsec: 1732000000000000, createdTimestampUsec: 1731000000000000, ...fields });

const TODOIST_HEADER = 'TYPE,CONTENT,DESCRIPTION,PRIORITY,INDENT,AUTHOR,RESPONSIBLE,DATE,DATE_LANG,TIMEZONE,DURATION,DURATION_UNIT,IS_COMPLETED';
const todoistRow = (type: string, content: string, completed = '') => `${type},${content},,4,1,Ann (1),,,en,Europe/Berlin,,,${completed}`;

beforeAll(async () => {
  user = await createUser(t);
});

const itemsOf = async (listId: string) =>
  (await t.request({ method: 'GET', path: `/lists/${listId}/items`, token: user.token })).body.items.map(
    (item: { content: string; is_completed: boolean; properties: object }) => [item.content, item.is_completed, item.properties],
  );

describe('Google Keep', () => {
  it('imports a Takeout zip: checklists and text notes as lists, trashed notes and note photos skipped', async () => {
    const zip = makeZip({
      'Takeout/archive_browser.html': '<html></html>',
      'Takeout/Keep/Groceries.json': keepNote({
        title: 'Groceries',
        listContent: [
          { text: '2 bottles milk', isChecked: false },
          { text: 'eggs', isChecked: true },
          { text: '', isChecked: false },
        ],
        labels: [{ name: 'Weekly Shop' }],
        attachments: [{ filePath: '1a2b3c.jpg', mimetype: 'image/jpeg' }],
      }),
      'Takeout/Keep/Groceries.html': '<html></html>',
      'Takeout/Keep/1a2b3c.jpg': await makeImage('jpeg'),
      'Takeout/Keep/Hardware.json': keepNote({ title: '', textContent: 'screws\n- [x] glue\n' }),
      'Takeout/Keep/Old.json': keepNote({ title: 'Old', isTrashed: true, listContent: [{ text: 'x', isChecked: false }] }),
    });
    const preview = await sendImport(t, user.token, 'takeout-20261129.zip', zip, { preview: true });
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({
      kind: 'keep',
      lists: [
        { name: 'Groceries', items: 2, checked: 1, photos: 0 },
        { name: 'Hardware', items: 2, checked: 1 },
      ],
      skipped: [
        { where: 'takeout-20261129.zip, entry Takeout/Keep/Groceries.json, 1a2b3c.jpg', reason: 'a photo of the note, not of one of its items' },
        { where: 'takeout-20261129.zip, entry Takeout/Keep/Old.json', reason: 'in the trash' },
      ],
    });
    const applied = await sendImport(t, user.token, 'takeout-20261129.zip', zip);
    expect(applied.status).toBe(201);
    const [groceries, hardware] = applied.body.list_ids;
    expect(await itemsOf(groceries)).toEqual([
      ['milk', false, { qty: '2 bottles', tag_weekly_shop: true }],
      ['eggs', true, { tag_weekly_shop: true }],
    ]);
    expect(await itemsOf(hardware)).toEqual([
      ['screws', false, {}],
      ['glue', true, {}],
    ]);
    const withTrash = await sendImport(t, user.token, 'takeout-20261129.zip', zip, { preview: true, query: { include_trashed: 'true' } });
    expect(withTrash.body.lists.map((list: { name: string }) => list.name)).toEqual(['Groceries', 'Hardware', 'Old']);
  });

  it('imports one note file', async () => {
    const answer = await sendImport(t, user.token, 'Party.json', strToU8(keepNote({ title: 'Party', listContent: [{ text: 'balloons', isChecked: false }] })));
    expect(answer.status).toBe(201);
    expect(await itemsOf(answer.body.list_ids[0])).toEqual([['balloons', false, {}]]);
  });

  it('refuses a JSON file of another shape, or malformed, naming the file and field', async () => {
    const other = await sendImport(t, user.token, 'Party.json', strToU8(JSON.stringify({ title: 'Party', items: ['balloons'] })));
    expect(other.status).toBe(400);
    expect(other.body.error.message).toBe('Party.json: not a Google Keep note (it has neither listContent nor textContent).');
    const typed = await sendImport(t, user.token, 'Party.json', strToU8(keepNote({ listContent: [{ text: 5 }] })));
    expect(typed.body.error.message).toMatch(/^Party\.json, at listContent\.0\.text: not a Google Keep note \(.+\)\.$/);
    const broken = await sendImport(t, user.token, 'Party.json', strToU8('{"title": "Party",'));
    expect(broken.body.error.message).toMatch(/^Party\.json: not valid JSON \(.+\)\.$/);
  });
});

describe('Todoist', () => {
  const csv = [
    TODOIST_HEADER,
    todoistRow('section', 'Produce'),
    todoistRow('task', '3 apples'),
    todoistRow('note', 'the green ones'),
    todoistRow('task', 'bananas', 'true'),
    '',
    todoistRow('section', 'Bakery'),
    todoistRow('task', '"bread, sliced"'),
  ].join('\r\n');

  it('imports sections as a property and completed tasks checked, skipping comments', async () => {
    const answer = await sendImport(t, user.token, 'Shopping.csv', strToU8(csv));
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ kind: 'todoist', lists: [{ name: 'Shopping', items: 3, checked: 1 }], skipped: [{ where: 'Shopping.csv, line 4', reason: 'a comment, not a task' }] });
    expect(await itemsOf(answer.body.list_ids[0])).toEqual([
      ['apples', false, { qty: '3', section: 'Produce' }],
      ['bananas', true, { section: 'Produce' }],
      ['bread, sliced', false, { section: 'Bakery' }],
    ]);
  });

  it('reads a Latin-1 and a UTF-16 CSV as what they are', async () => {
    const text = [TODOIST_HEADER, todoistRow('task', 'Crème fraîche')].join('\n');
    const latin1 = await sendImport(t, user.token, 'Épicerie.csv', Buffer.from(text, 'latin1'));
    expect(await itemsOf(latin1.body.list_ids[0])).toEqual([['Crème fraîche', false, {}]]);
    const utf16 = await sendImport(t, user.token, 'Épicerie 2.csv', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]));
    expect(await itemsOf(utf16.body.list_ids[0])).toEqual([['Crème fraîche', false, {}]]);
  });

  it('refuses a CSV that is not Todoist', async () => {
    const answer = await sendImport(t, user.token, 'bank.csv', strToU8('date,amount\n2026-01-01,3'));
    expect(answer.status).toBe(400);
    expect(answer.body.error.message).toBe('bank.csv, line 1: not a Todoist CSV export (its header has no TYPE and CONTENT columns).');
  });
});
