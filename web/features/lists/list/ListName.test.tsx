import { cleanup, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ListName } from './ListName.tsx';

describe('ListName', () => {
  afterEach(cleanup);

  it('renames in place: Enter saves', async () => {
    const onRename = vi.fn();
    render(<ListName name="Groceries" editable onRename={onRename} />);
    await userEvent.click(screen.getByRole('button', { name: 'Groceries, rename list' }));
    await userEvent.clear(screen.getByRole('textbox', { name: 'List name' }));
    await userEvent.keyboard('Weekly shop{Enter}');
    expect(onRename).toHaveBeenCalledExactlyOnceWith('Weekly shop', 'Groceries');
  });

  it('sends the name the editor started from when someone renamed the list while it was open', async () => {
    const onRename = vi.fn();
    const { rerender } = render(<ListName name="Groceries" editable onRename={onRename} />);
    await userEvent.click(screen.getByRole('button', { name: 'Groceries, rename list' }));
    rerender(<ListName name="Party" editable onRename={onRename} />);
    await userEvent.clear(screen.getByRole('textbox', { name: 'List name' }));
    await userEvent.keyboard('Picnic{Enter}');
    expect(onRename).toHaveBeenCalledExactlyOnceWith('Picnic', 'Groceries');
  });

  it('sends nothing when the editor closes on the name it opened with, though the list was renamed elsewhere meanwhile', async () => {
    const onRename = vi.fn();
    const { rerender } = render(<ListName name="Groceries" editable onRename={onRename} />);
    await userEvent.click(screen.getByRole('button', { name: 'Groceries, rename list' }));
    rerender(<ListName name="Party" editable onRename={onRename} />);
    await userEvent.keyboard('{Enter}');
    expect(onRename).not.toHaveBeenCalled();
  });

  it('closes the editor, saving nothing, when the right to rename goes while it is open', async () => {
    const onRename = vi.fn();
    const { rerender } = render(<ListName name="Groceries" editable onRename={onRename} />);
    await userEvent.click(screen.getByRole('button', { name: 'Groceries, rename list' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'List name' }), ' for the week');

    rerender(<ListName name="Groceries" editable={false} onRename={onRename} />);
    expect(screen.queryByRole('textbox', { name: 'List name' })).toBeNull();
    expect(screen.getByRole('heading', { name: 'Groceries', level: 1 })).toHaveAttribute('title', 'Groceries');
    rerender(<ListName name="Groceries" editable onRename={onRename} />);
    expect(screen.queryByRole('textbox', { name: 'List name' })).toBeNull();
    expect(onRename).not.toHaveBeenCalled();
  });
});
