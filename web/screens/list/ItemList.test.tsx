import { cleanup, render, screen, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { OTHER_GROUP_LABEL } from '../../../common/grouping.ts';
import type { ClientItem } from '../../state/app-state.ts';
import { item } from '../../test/http.ts';
import { ItemList } from './ItemList.tsx';

/** jsdom lays nothing out: every row measures 48 px, as a one-line row does in a browser. */
const ROW_PX = 48;
const offsetHeight = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'offsetHeight')!;

describe('ItemList', () => {
  beforeAll(() => {
    Object.defineProperty(HTMLElement.prototype, 'offsetHeight', {
      configurable: true,
      get(this: HTMLElement) {
        return this.tagName === 'LI' ? ROW_PX : 0;
      },
    });
  });
  afterAll(() => {
    Object.defineProperty(HTMLElement.prototype, 'offsetHeight', offsetHeight);
  });
  afterEach(cleanup);

  const handlers = { onToggle: vi.fn(), onDelete: vi.fn(), onRename: vi.fn(), onImage: vi.fn() };

  it('puts only the rows near the screen in the DOM, each telling its place in the whole list', () => {
    const items = Array.from({ length: 2000 }, (_, index) => item(`i${index}`, `item ${index + 1}`) as ClientItem);
    render(<ItemList items={items} groupKey={undefined} editable {...handlers} />);
    const rows = within(screen.getByRole('list', { name: 'Items' })).getAllByRole('listitem');
    expect(rows.length).toBeGreaterThan(10);
    expect(rows.length).toBeLessThan(100);
    expect(rows[0]).toHaveAttribute('aria-posinset', '1');
    expect(rows[0]).toHaveAttribute('aria-setsize', '2000');
    expect(within(rows[0]!).getByRole('checkbox', { name: 'item 1' })).toBeInTheDocument();
    expect(rows[1]).toHaveAttribute('aria-posinset', '2');
  });

  it('shows items under a heading per group with its done count, the others last under Other', () => {
    const items = [
      item('i1', 'milk', { properties: { department: 'Dairy' } }),
      item('i2', 'cheese', { properties: { department: 'Dairy' }, is_completed: true }),
      item('i3', 'nails'),
      item('i4', 'apples', { properties: { department: 'Produce', tag_organic: true } }),
    ] as ClientItem[];
    render(<ItemList items={items} groupKey="department" editable {...handlers} />);
    // Screen readers hear each heading at the start of its group's first item; the list holds items only.
    const rows = within(screen.getByRole('list', { name: 'Items' })).getAllByRole('listitem');
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => [heading.textContent, rows.indexOf(heading.closest('li')!)])).toEqual([
      ['Dairy, 1 of 2 done', 0],
      ['Produce, 0 of 1 done', 2],
      [`${OTHER_GROUP_LABEL}, 0 of 1 done`, 3],
    ]);
    expect(screen.getByText('1/2')).toBeInTheDocument();
    // Items are numbered in the order shown, headings not counted.
    expect(rows.map((row) => [row.getAttribute('aria-posinset'), within(row).getByRole('checkbox').getAttribute('aria-label')])).toEqual([
      ['1', 'milk'],
      ['2', 'cheese'],
      ['3', 'apples'],
      ['4', 'nails'],
    ]);
    // The group's heading names the department: the rows do not repeat it as a tag; other tags stay.
    expect(screen.queryByText('Dairy', { selector: 'span[class*="tag"]' })).toBeNull();
    expect(screen.getByText('organic')).toBeInTheDocument();
  });
});
