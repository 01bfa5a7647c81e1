import { act, cleanup, render, screen, within } from '@testing-library/react';
import { Profiler } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { OTHER_GROUP_LABEL } from '../../../../common/grouping.ts';
import type { ClientItem } from '../../../core/store/app-state.ts';
import { item } from '../../../test/http.ts';
import { ItemList } from './ItemList.tsx';

/**
 * A ResizeObserver the test reports through, as the browser does after each layout. jsdom lays
 * nothing out; the rows reading layout themselves is what this file checks they never do.
 */
class ReportingObserver {
  static all: ReportingObserver[] = [];
  readonly observed = new Set<Element>();
  readonly report: ResizeObserverCallback;
  constructor(report: ResizeObserverCallback) {
    this.report = report;
    ReportingObserver.all.push(this);
  }
  observe(element: Element) {
    this.observed.add(element);
  }
  unobserve(element: Element) {
    this.observed.delete(element);
  }
  disconnect() {
    this.observed.clear();
  }
  /** Reports every observed row as laid out `blockSize` px tall. */
  static layRowsOut(blockSize: number) {
    for (const observer of ReportingObserver.all) {
      const rows = [...observer.observed].filter((element) => element.tagName === 'LI');
      if (rows.length === 0) continue;
      const entries = rows.map((target) => ({ target, borderBoxSize: [{ blockSize, inlineSize: 320 }] }) as unknown as ResizeObserverEntry);
      observer.report(entries, observer);
    }
  }
}

describe('ItemList', () => {
  const layoutReads = vi.fn();
  const jsdomObserver = globalThis.ResizeObserver;
  const offsetHeight = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'offsetHeight')!;
  beforeAll(() => {
    globalThis.ResizeObserver = ReportingObserver;
    Object.defineProperty(HTMLElement.prototype, 'offsetHeight', {
      configurable: true,
      get(this: HTMLElement) {
        layoutReads(this);
        return 0;
      },
    });
  });
  afterAll(() => {
    globalThis.ResizeObserver = jsdomObserver;
    Object.defineProperty(HTMLElement.prototype, 'offsetHeight', offsetHeight);
  });
  afterEach(() => {
    cleanup();
    ReportingObserver.all = [];
    layoutReads.mockClear();
  });

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
    render(<ItemList items={items} groupKey="department" leftOut={['department']} editable {...handlers} />);
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

  it('sizes rows by what the browser laid out, reported after layout, never by reading layout while rendering', () => {
    const items = ['milk', 'eggs', 'bread'].map((name, index) => item(`i${index}`, name)) as ClientItem[];
    render(<ItemList items={items} groupKey={undefined} editable {...handlers} />);
    const list = screen.getByRole('list', { name: 'Items' });
    // Before the first layout: the estimate (a one-line row and its divider).
    expect(list.style.height).toBe(`${3 * 49}px`);
    act(() => ReportingObserver.layRowsOut(60));
    expect(list.style.height).toBe(`${3 * 60}px`);
    expect(within(list).getAllByRole('listitem').map((row) => row.style.transform)).toEqual(['translateY(0px)', 'translateY(60px)', 'translateY(120px)']);
    expect(layoutReads).not.toHaveBeenCalled();
  });

  it('keeps the focus on a new row when the server confirms its item', () => {
    const unconfirmed = { ...item('i1', 'milk'), tempId: 'temp-1' } as ClientItem;
    const { rerender } = render(<ItemList items={[unconfirmed]} groupKey={undefined} editable {...handlers} />);
    const checkbox = screen.getByRole('checkbox', { name: 'milk' });
    checkbox.focus();
    rerender(<ItemList items={[item('i1', 'milk')]} groupKey={undefined} editable {...handlers} />);
    expect(screen.getByRole('checkbox', { name: 'milk' })).toBe(checkbox);
    expect(checkbox).toHaveFocus();
  });

  it('draws the rows in its first render, not in a second, blocking one once it has measured the window', () => {
    const items = ['milk', 'eggs', 'bread'].map((name, index) => item(`i${index}`, name)) as ClientItem[];
    const commits = vi.fn();
    render(
      <Profiler id="items" onRender={commits}>
        <ItemList items={items} groupKey={undefined} editable {...handlers} />
      </Profiler>,
    );
    expect(within(screen.getByRole('list', { name: 'Items' })).getAllByRole('listitem')).toHaveLength(3);
    expect(commits).toHaveBeenCalledTimes(1);
  });
});
