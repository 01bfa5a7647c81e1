import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * Opens a screen in a page where the user has (or has not yet) clicked or typed. The modules are
 * fresh each time: whether the user has acted is their state.
 */
async function renderScreen({ acted }: { acted: boolean }) {
  const { watchForUserAction } = await import('./user-acted.ts');
  const { useFocusOnArrival } = await import('./useFocusOnArrival.ts');
  watchForUserAction();
  if (acted) document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
  function Screen() {
    const heading = useFocusOnArrival<HTMLHeadingElement>();
    return (
      <h1 ref={heading} tabIndex={-1}>
        Your lists
      </h1>
    );
  }
  render(<Screen />);
  return screen.getByRole('heading', { name: 'Your lists' });
}

describe('useFocusOnArrival', () => {
  beforeEach(() => vi.resetModules());
  afterEach(() => document.body.replaceChildren());

  it('focuses the heading when the user’s action left the focus on the page', async () => {
    expect(await renderScreen({ acted: true })).toHaveFocus();
  });

  it('leaves a fresh load’s focus to the browser', async () => {
    await renderScreen({ acted: false });
    expect(document.body).toHaveFocus();
  });

  it('leaves a focus the user put somewhere', async () => {
    const field = document.body.appendChild(document.createElement('input'));
    field.focus();
    await renderScreen({ acted: true });
    expect(field).toHaveFocus();
  });
});
