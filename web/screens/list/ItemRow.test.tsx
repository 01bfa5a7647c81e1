import { cleanup, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { item } from '../../test/http.ts';
import { ItemRow } from './ItemRow.tsx';

describe('ItemRow', () => {
  afterEach(cleanup);

  const milk = item('i1', 'milk', {
    properties: { qty: '2 bottles', name_fr: 'lait', department: 'Dairy', tag_organic: true, translations: { es: 'leche' } },
  });

  it('shows the quantity, content, translations and property tags', () => {
    render(<ItemRow item={milk} editable onToggle={vi.fn()} onDelete={vi.fn()} />);
    expect(screen.getByText('2 bottles')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: /milk/ })).not.toBeChecked();
    expect(screen.getByText('lait')).toBeInTheDocument();
    expect(screen.getByText('leche')).toBeInTheDocument();
    expect(screen.getByText('Dairy')).toBeInTheDocument();
    expect(screen.getByText('organic')).toBeInTheDocument();
  });

  it('toggles and deletes through its controls', async () => {
    const onToggle = vi.fn();
    const onDelete = vi.fn();
    render(<ItemRow item={milk} editable onToggle={onToggle} onDelete={onDelete} />);
    await userEvent.click(screen.getByRole('checkbox', { name: /milk/ }));
    expect(onToggle).toHaveBeenCalledExactlyOnceWith(milk);
    await userEvent.click(screen.getByRole('button', { name: 'Delete milk' }));
    expect(onDelete).toHaveBeenCalledExactlyOnceWith(milk);
  });

  it('renames in place: Enter saves, Escape cancels, empty or unchanged just closes', async () => {
    const onRename = vi.fn();
    render(<ItemRow item={milk} editable onToggle={vi.fn()} onDelete={vi.fn()} onRename={onRename} />);
    const open = () => userEvent.click(screen.getByRole('button', { name: 'milk, rename item' }));

    await open();
    expect(screen.getByRole('textbox', { name: 'Item name' })).toHaveValue('milk');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('textbox', { name: 'Item name' })).toBeNull();
    await open();
    await userEvent.clear(screen.getByRole('textbox', { name: 'Item name' }));
    await userEvent.keyboard('{Enter}');
    await open();
    await userEvent.keyboard('{Enter}');
    expect(onRename).not.toHaveBeenCalled();

    await open();
    await userEvent.clear(screen.getByRole('textbox', { name: 'Item name' }));
    await userEvent.keyboard(' 3 oat milk {Enter}');
    expect(onRename).toHaveBeenCalledExactlyOnceWith(milk, '3 oat milk');
    expect(screen.queryByRole('textbox', { name: 'Item name' })).toBeNull();
  });

  it('is read-only without the edit permission', () => {
    render(<ItemRow item={{ ...milk, is_completed: true }} editable={false} onToggle={vi.fn()} onDelete={vi.fn()} onRename={vi.fn()} />);
    expect(screen.getByRole('checkbox', { name: /milk/ })).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: /milk/ })).toBeChecked();
    expect(screen.queryByRole('button', { name: 'Delete milk' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'milk, rename item' })).toBeNull();
  });
});
