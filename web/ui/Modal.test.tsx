import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { act, cleanup, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import { Menu } from './Menu.tsx';
import { Modal } from './Modal.tsx';

/** Radix moves the focus after a dialog closes, in a timer of its own. */
const settled = () => act(() => new Promise((done) => setTimeout(done, 20)));

/** A button that opens a dialog, as List Settings' and ConfirmDialog's callers do: no Dialog.Trigger. */
function OpenedByButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Delete
      </button>
      <ConfirmDialog open={open} title="Delete list" message="Sure?" confirmLabel="Delete it" onConfirm={() => setOpen(false)} onCancel={() => setOpen(false)} />
    </>
  );
}

/** A menu item that opens one dialog, whose button replaces it with another (List Settings, then Share List). */
function OpenedFromMenu() {
  const [open, setOpen] = useState<'settings' | 'share' | null>(null);
  const close = (next: boolean) => !next && setOpen(null);
  return (
    <>
      <Menu trigger={{ 'aria-label': 'List options' }}>
        <DropdownMenu.Item onSelect={() => setOpen('settings')}>List Settings</DropdownMenu.Item>
      </Menu>
      <Modal open={open === 'settings'} onOpenChange={close} title="List Settings">
        <button type="button" onClick={() => setOpen('share')}>
          Share
        </button>
      </Modal>
      {open === 'share' && (
        <Modal open onOpenChange={close} title="Share List">
          <p>Share it</p>
        </Modal>
      )}
    </>
  );
}

describe('Modal gives the focus back to what opened it', () => {
  afterEach(cleanup);

  it('to the button, after Cancel, Escape or the confirmation; Cancel has the focus while open', async () => {
    render(<OpenedByButton />);
    const opener = screen.getByRole('button', { name: 'Delete' });
    for (const close of [() => userEvent.click(screen.getByRole('button', { name: 'Cancel' })), () => userEvent.keyboard('{Escape}')]) {
      await userEvent.click(opener);
      expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
      await close();
      await settled();
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(opener).toHaveFocus();
    }
    await userEvent.click(opener);
    await userEvent.click(screen.getByRole('button', { name: 'Delete it' }));
    await settled();
    expect(opener).toHaveFocus();
  });

  it("to the menu's button when a menu item opened it, and past a dialog that opened it and is gone", async () => {
    render(<OpenedFromMenu />);
    const menuButton = screen.getByRole('button', { name: 'List options' });
    await userEvent.click(menuButton);
    await userEvent.click(screen.getByRole('menuitem', { name: 'List Settings' }));
    await screen.findByRole('dialog', { name: 'List Settings' });
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    await settled();
    expect(menuButton).toHaveFocus();

    // List Settings' Share button replaces the dialog: closing Share List goes back to the menu's button.
    await userEvent.click(menuButton);
    await userEvent.click(screen.getByRole('menuitem', { name: 'List Settings' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Share' }));
    await screen.findByRole('dialog', { name: 'Share List' });
    await settled();
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    await settled();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(menuButton).toHaveFocus();
  });
});

/** A dialog over another, as List Settings opens Share List. */
function Stacked() {
  const [open, setOpen] = useState({ lower: true, upper: true });
  return (
    <>
      <Modal open={open.lower} onOpenChange={(lower) => setOpen((now) => ({ ...now, lower }))} title="Lower">
        <p>Under</p>
      </Modal>
      <Modal open={open.upper} onOpenChange={(upper) => setOpen((now) => ({ ...now, upper }))} title="Upper">
        <button type="button">Save</button>
      </Modal>
    </>
  );
}

describe('Modal and Escape', () => {
  afterEach(cleanup);

  it('closes the topmost dialog, and only it, when the focus fell to the page under the keyboard', async () => {
    render(<Stacked />);
    // Both open at once, each hides the other from the accessibility tree: look past that.
    const save = screen.getByText('Save');
    save.focus();
    // What Chromium does when the focused button turns disabled (Save while it saves).
    act(() => save.blur());
    expect(document.activeElement).toBe(document.body);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByText('Save')).toBeNull();
    expect(screen.getByText('Under')).toBeInTheDocument();
  });
});

describe('Modal description', () => {
  afterEach(cleanup);

  it('describes the dialog with its description, and with nothing rather than its title again', () => {
    const { rerender } = render(<Modal open onOpenChange={() => {}} title="Share List" description="Who can see it.">{null}</Modal>);
    expect(screen.getByRole('dialog', { name: 'Share List' })).toHaveAccessibleDescription('Who can see it.');
    rerender(<Modal open onOpenChange={() => {}} title="List Settings">{null}</Modal>);
    const dialog = screen.getByRole('dialog', { name: 'List Settings' });
    expect(dialog).toHaveAccessibleDescription('');
    expect(dialog).not.toHaveAttribute('aria-describedby');
  });
});
