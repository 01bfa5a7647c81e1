import { cleanup, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AI_TEXT } from '../../../common/ai-ui.ts';
import type { ClientItem } from '../../core/store/app-state.ts';
import { item } from '../../test/http.ts';
import { ItemAiMenu } from './ItemAiMenu.tsx';

describe('ItemAiMenu', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('names the languages when the menu opens, not for every row a list draws', async () => {
    const namesMade = vi.spyOn(Intl.DisplayNames.prototype, 'of');
    render(<ItemAiMenu item={item('i1', 'milk') as ClientItem} />);
    expect(namesMade).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: AI_TEXT.moreActions('milk') }));
    expect(await screen.findByRole('menuitem', { name: AI_TEXT.translateTo('French') })).toBeInTheDocument();
    expect(namesMade).toHaveBeenCalled();
  });
});
