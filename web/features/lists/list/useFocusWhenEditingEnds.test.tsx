import { cleanup, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { useFocusWhenEditingEnds } from './useFocusWhenEditingEnds.ts';

/** The list screen's parts this is about: a checkbox disabled without the right, an add bar gone without it, the notice. */
function Screen({ editable }: { editable: boolean }) {
  const { notice, containerProps } = useFocusWhenEditingEnds(editable);
  return (
    <>
      <button type="button">List options</button>
      <main {...containerProps}>
        {!editable && (
          <p ref={notice} tabIndex={-1}>
            View only
          </p>
        )}
        <input type="checkbox" aria-label="milk" disabled={!editable} />
        {editable && <input aria-label="Add items" />}
      </main>
    </>
  );
}

describe('useFocusWhenEditingEnds', () => {
  afterEach(cleanup);

  it.each([
    ['a checkbox the loss disables', 'checkbox', 'milk'],
    ['the add bar the loss takes away', 'textbox', 'Add items'],
  ] as const)('moves the focus from %s to the notice that says why', async (_what, role, name) => {
    const { rerender } = render(<Screen editable />);
    await userEvent.click(screen.getByRole(role, { name }));
    rerender(<Screen editable={false} />);
    expect(screen.getByText('View only')).toHaveFocus();
  });

  it('leaves a focus outside the list where it is', async () => {
    const { rerender } = render(<Screen editable />);
    await userEvent.click(screen.getByRole('button', { name: 'List options' }));
    rerender(<Screen editable={false} />);
    expect(screen.getByRole('button', { name: 'List options' })).toHaveFocus();
  });
});
