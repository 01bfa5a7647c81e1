import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { cleanup, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Menu } from './Menu.tsx';

function Page({ onSelect }: { onSelect: () => void }) {
  return (
    <>
      <header>
        <Menu trigger={{ 'aria-label': 'List options' }}>
          <DropdownMenu.Item onSelect={onSelect}>List Settings</DropdownMenu.Item>
        </Menu>
      </header>
      <main>
        <h1>Groceries</h1>
        <button type="button">Add</button>
      </main>
    </>
  );
}

describe('Menu', () => {
  afterEach(cleanup);

  it('opens inside the landmark of its button and hides nothing of the page meanwhile', async () => {
    const onSelect = vi.fn();
    const { container } = render(<Page onSelect={onSelect} />);
    await userEvent.click(screen.getByRole('button', { name: 'List options' }));
    const menu = screen.getByRole('menu');
    expect(menu.closest('header')).toBe(container.querySelector('header'));
    expect(document.querySelectorAll('[aria-hidden="true"]:not(svg)')).toHaveLength(0);
    expect(screen.getByRole('main')).toBeVisible();
    expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('menuitem', { name: 'List Settings' }));
    expect(onSelect).toHaveBeenCalledOnce();
    expect(screen.queryByRole('menu')).toBeNull();
  });

  // The content is rendered from the first opening on (Menu.tsx): the keyboard must still open it.
  it('opens from the keyboard with the first item focused, the first time and again', async () => {
    const onSelect = vi.fn();
    render(<Page onSelect={onSelect} />);
    const button = screen.getByRole('button', { name: 'List options' });
    expect(button).toHaveAttribute('aria-haspopup', 'menu');
    expect(button).toHaveAttribute('aria-expanded', 'false');

    button.focus();
    await userEvent.keyboard('{Enter}');
    expect(screen.getByRole('menuitem', { name: 'List Settings' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(button).toHaveFocus();

    await userEvent.keyboard('{Enter}');
    await userEvent.keyboard('{Enter}');
    expect(onSelect).toHaveBeenCalledOnce();
  });
});
