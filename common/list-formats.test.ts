import { describe, expect, it } from 'vitest';
import { listAsCsv, listAsMarkdown } from './list-formats.ts';

const list = {
  name: 'Weekend #1',
  items: [
    { content: 'milk', is_completed: false, properties: { qty: '2 bottles', department: 'Dairy' } },
    { content: 'eggs, free range', is_completed: true, properties: { tag_organic: true } },
    { content: '=HYPERLINK("x")', is_completed: false, properties: {} },
  ],
};

describe('listAsMarkdown', () => {
  it('writes a task list with the quantities as typed and the check state', () => {
    expect(listAsMarkdown(list)).toBe('# Weekend \\#1\n\n- [ ] 2 bottles milk\n- [x] eggs, free range\n- [ ] =HYPERLINK("x")\n');
  });
});

describe('listAsCsv', () => {
  it('gives each property a column, quotes what needs it and disarms formulas', () => {
    expect(listAsCsv(list)).toBe(
      '\uFEFFitem,quantity,checked,department,tag_organic\r\n' +
        'milk,2 bottles,no,Dairy,\r\n' +
        '"eggs, free range",,yes,,true\r\n' +
        `"'=HYPERLINK(""x"")",,no,,\r\n`,
    );
  });
});
