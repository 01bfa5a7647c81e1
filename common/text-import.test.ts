import { describe, expect, it } from 'vitest';
import { readListText } from './text-import.ts';

describe('readListText', () => {
  it('reads a Markdown task list with a title, sections, checks, bullets and numbers', () => {
    const text = '\uFEFF# Weekend\r\n\r\n## Dairy\n- [ ] 2 bottles milk\n- [x] eggs\n\n## Bakery\n* bread\n1. butter\n2) jam\n---\nplain line\n';
    expect(readListText(text)).toEqual({
      title: 'Weekend',
      entries: [
        { line: 4, text: '2 bottles milk', checked: false, section: 'Dairy' },
        { line: 5, text: 'eggs', checked: true, section: 'Dairy' },
        { line: 8, text: 'bread', checked: false, section: 'Bakery' },
        { line: 9, text: 'butter', checked: false, section: 'Bakery' },
        { line: 10, text: 'jam', checked: false, section: 'Bakery' },
        { line: 12, text: 'plain line', checked: false, section: 'Bakery' },
      ],
    });
  });

  it('takes a plain list one item a line, without a title', () => {
    expect(readListText('milk\n\n  eggs  \n')).toEqual({
      entries: [
        { line: 1, text: 'milk', checked: false },
        { line: 3, text: 'eggs', checked: false },
      ],
    });
  });

  it('reads a level-one heading after the first item as a section', () => {
    expect(readListText('milk\n# Later\neggs').entries[1]).toEqual({ line: 3, text: 'eggs', checked: false, section: 'Later' });
  });
});
