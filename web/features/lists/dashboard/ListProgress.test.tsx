import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ListProgress } from './ListProgress.tsx';

describe('ListProgress', () => {
  afterEach(cleanup);

  it('says how many items are done and who changed the list last, and when', () => {
    const at = new Date(Date.now() - 2 * 60_000 - 5_000).toISOString();
    render(<ListProgress done={1} total={3} lastChange={{ by: 'Sam', by_me: false, summary: 'added 3 items', app: null, at }} />);
    expect(screen.getByText('1 of 3 done')).toBeInTheDocument();
    expect(screen.getByTestId('last-change')).toHaveTextContent('Sam added 3 items, 2 min ago');
  });

  it("calls the reader's own change theirs, and an empty list empty", () => {
    const at = new Date().toISOString();
    render(<ListProgress done={0} total={0} lastChange={{ by: 'Sam', by_me: true, summary: 'checked off milk', app: null, at }} />);
    expect(screen.getByText('No items')).toBeInTheDocument();
    expect(screen.getByTestId('last-change')).toHaveTextContent('You checked off milk, just now');
  });
});
