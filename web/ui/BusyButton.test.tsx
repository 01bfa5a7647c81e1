import { cleanup, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BusyButton } from './BusyButton.tsx';

describe('BusyButton', () => {
  afterEach(cleanup);

  it('while busy, stays focusable and says it is unavailable, and a click does nothing', async () => {
    const onClick = vi.fn();
    const { rerender } = render(
      <BusyButton busy={false} onClick={onClick}>
        Save
      </BusyButton>,
    );
    const button = screen.getByRole('button', { name: 'Save' });
    await userEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);

    rerender(
      <BusyButton busy onClick={onClick}>
        Save
      </BusyButton>,
    );
    // Not disabled: a disabled button gives the focus back to the page (Chromium's focus fixup).
    expect(button).toBeEnabled();
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(button).toHaveFocus();
    await userEvent.click(button);
    await userEvent.keyboard('{Enter}');
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it("while busy, a submit button does not submit its form, neither clicked nor by Enter in a field", async () => {
    const onSubmit = vi.fn((event: SubmitEvent | React.FormEvent) => event.preventDefault());
    const form = (busy: boolean) => (
      <form onSubmit={onSubmit}>
        <input aria-label="Name" />
        <BusyButton type="submit" busy={busy}>
          Save
        </BusyButton>
      </form>
    );
    const { rerender } = render(form(true));
    await userEvent.type(screen.getByLabelText('Name'), 'Ada{Enter}');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).not.toHaveBeenCalled();

    rerender(form(false));
    await userEvent.type(screen.getByLabelText('Name'), '{Enter}');
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });
});
