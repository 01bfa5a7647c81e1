import { cleanup, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SERVER_MESSAGES } from '../../../common/messages.ts';
import { makeList } from '../../test/factories.ts';
import { answer, callOf, mockFetch } from '../../test/http.ts';
import { ListSettingsModal } from './ListSettingsModal.tsx';

const list = makeList({ custom_prompts: ['Group by aisle'] });

describe('ListSettingsModal', () => {
  let fetchMock: ReturnType<typeof mockFetch>;
  beforeEach(() => {
    localStorage.clear();
    fetchMock = mockFetch();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('remembers the AI provider per list, Standard by default', async () => {
    render(<ListSettingsModal list={list} open onOpenChange={vi.fn()} onShare={vi.fn()} />);
    expect(screen.getByRole('radio', { name: 'Standard' })).toBeChecked();
    await userEvent.click(screen.getByRole('radio', { name: 'Expensive' }));
    expect(localStorage.getItem('listo_ai_provider_l1')).toBe('gemini-2.5-flash');
  });

  it('refuses a blank prompt, adds and removes prompts', async () => {
    render(<ListSettingsModal list={list} open onOpenChange={vi.fn()} onShare={vi.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(screen.getByRole('alert')).toHaveTextContent(SERVER_MESSAGES.customPromptBlank);
    expect(fetchMock).not.toHaveBeenCalled();

    fetchMock.mockResolvedValue(answer(200, { list }));
    await userEvent.type(screen.getByLabelText('New custom prompt'), 'Translate to French');
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(callOf(fetchMock, 0).body).toEqual({ custom_prompts: ['Group by aisle', 'Translate to French'] });
    await userEvent.click(screen.getByRole('button', { name: 'Remove prompt: Group by aisle' }));
    expect(callOf(fetchMock, 1).body).toEqual({ custom_prompts: [] });
  });

  it('leads to Share List', async () => {
    const onShare = vi.fn();
    render(<ListSettingsModal list={list} open onOpenChange={vi.fn()} onShare={onShare} />);
    await userEvent.click(screen.getByRole('button', { name: 'Share List…' }));
    expect(onShare).toHaveBeenCalled();
  });
});
