import { cleanup, render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QUANTITY_SORT_LABEL, sortablePropertyKeys } from '../../../../common/sorting.ts';
import { item } from '../../../test/http.ts';
import { ListToolbar } from './ListToolbar.tsx';

describe('ListToolbar', () => {
  afterEach(cleanup);

  const items = [
    item('i1', 'milk', { properties: { qty: '2 bottles', name_fr: 'lait', due_date: '2025-01-05', tag_organic: 'yes' } }),
    item('i2', 'eggs', { properties: { department: 'Dairy', translations: { es: 'huevos' } } }),
  ];

  it('offers each property of the items by a readable name, not translations', async () => {
    render(<ListToolbar options={{ mode: 'newest', completedLast: false }} propertyKeys={sortablePropertyKeys(items)} onChange={vi.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Sort by: Newest first' }));
    const group = screen.getByRole('group', { name: 'By property' });
    expect(within(group).getAllByRole('menuitemradio').map((option) => option.textContent)).toEqual([
      'Department',
      'Due date',
      QUANTITY_SORT_LABEL,
      'Tag: organic',
    ]);
  });

  it('switches to a property sort by its key, and names the sort in use on its button', async () => {
    const onChange = vi.fn();
    const { rerender } = render(<ListToolbar options={{ mode: 'newest', completedLast: true }} propertyKeys={['due_date']} onChange={onChange} />);
    await userEvent.click(screen.getByRole('button', { name: 'Sort by: Newest first' }));
    expect(screen.getByRole('menuitemradio', { name: 'Newest first' })).toHaveAttribute('aria-checked', 'true');
    await userEvent.click(screen.getByRole('menuitemradio', { name: 'Due date' }));
    expect(onChange).toHaveBeenCalledExactlyOnceWith({ mode: 'property-due_date', completedLast: true });
    rerender(<ListToolbar options={{ mode: 'property-due_date', completedLast: true }} propertyKeys={['due_date']} onChange={onChange} />);
    expect(screen.getByRole('button', { name: 'Sort by: Due date' })).toBeInTheDocument();
  });

  it('names the sort by quantity for what it does, in the menu and on its button', async () => {
    render(<ListToolbar options={{ mode: 'property-qty', completedLast: false }} propertyKeys={['qty']} onChange={vi.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: `Sort by: ${QUANTITY_SORT_LABEL}` }));
    expect(screen.getByRole('menuitemradio', { name: QUANTITY_SORT_LABEL })).toHaveAttribute('aria-checked', 'true');
  });
});
