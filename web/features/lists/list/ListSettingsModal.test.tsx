import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AI_TEXT } from '../../../../common/ai-ui.ts';
import { SERVER_MESSAGES, UI_TEXT } from '../../../../common/messages.ts';
import { resetAiInfo } from '../../ai/ai-info.ts';
import { resetAppState } from '../../../core/store/app-state.ts';
import { makeList } from '../../../test/factories.ts';
import { answer, answerStoreOrderReads, callOf, failure, mockFetch } from '../../../test/http.ts';
import { ListSettingsModal } from './ListSettingsModal.tsx';

const list = makeList({ custom_prompts: ['Group by aisle'] });

const GEMINI = { provider: 'gemini', model_choice: true };

describe('ListSettingsModal', () => {
  let fetchMock: ReturnType<typeof mockFetch>;
  /** The calls the dialog made besides asking what the server's AI offers (GET /ai). */
  const changes = () => fetchMock.mock.calls.map((_, index) => callOf(fetchMock, index)).filter((call) => call.url !== '/api/v1/ai');
  beforeEach(() => {
    localStorage.clear();
    resetAppState();
    resetAiInfo();
    fetchMock = mockFetch();
    answerStoreOrderReads(fetchMock);
    fetchMock.mockResolvedValueOnce(answer(200, GEMINI));
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('remembers the AI provider per list, Standard by default, where the server has two models', async () => {
    render(<ListSettingsModal list={list} open onOpenChange={vi.fn()} onShare={vi.fn()} />);
    expect(await screen.findByRole('radio', { name: 'Standard' })).toBeChecked();
    await userEvent.click(screen.getByRole('radio', { name: 'Expensive' }));
    expect(localStorage.getItem('listo_ai_provider_l1')).toBe('gemini-2.5-flash');
    expect(callOf(fetchMock, 0).url).toBe('/api/v1/ai');
  });

  it.each([
    [{ provider: 'offline', model_choice: false }, true],
    [{ provider: 'openai', model_choice: false }, false],
    [{ provider: 'none', model_choice: false }, false],
  ])('offers no model choice where there is none to make: %j', async (info, offline) => {
    fetchMock.mockReset();
    fetchMock.mockResolvedValueOnce(answer(200, info));
    render(<ListSettingsModal list={list} open onOpenChange={vi.fn()} onShare={vi.fn()} />);
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(await screen.findByRole('heading', { name: 'Custom prompts' })).toBeInTheDocument();
    await waitFor(() => expect(Boolean(screen.queryByText(AI_TEXT.offlinePromptsHint))).toBe(offline));
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'AI provider' })).not.toBeInTheDocument();
  });

  it('shows no choice while it cannot ask the server, and asks again at the next opening', async () => {
    fetchMock.mockReset();
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const first = render(<ListSettingsModal list={list} open onOpenChange={vi.fn()} onShare={vi.fn()} />);
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    first.unmount();
    fetchMock.mockResolvedValueOnce(answer(200, GEMINI));
    render(<ListSettingsModal list={list} open onOpenChange={vi.fn()} onShare={vi.fn()} />);
    expect(await screen.findByRole('radio', { name: 'Standard' })).toBeChecked();
  });

  it('refuses a blank prompt, adds and removes prompts', async () => {
    render(<ListSettingsModal list={list} open onOpenChange={vi.fn()} onShare={vi.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(screen.getByRole('alert')).toHaveTextContent(SERVER_MESSAGES.customPromptBlank);
    expect(changes()).toEqual([]);

    fetchMock.mockResolvedValue(answer(200, { list }));
    await userEvent.type(screen.getByLabelText('New custom prompt'), 'Translate to French');
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(changes()[0]!.body).toEqual({ custom_prompts: ['Group by aisle', 'Translate to French'] });
    await userEvent.click(screen.getByRole('button', { name: 'Remove prompt: Group by aisle' }));
    expect(changes()[1]!.body).toEqual({ custom_prompts: [] });
  });

  it('gives a refused prompt back to the input, and says why in the dialog', async () => {
    render(<ListSettingsModal list={list} open onOpenChange={vi.fn()} onShare={vi.fn()} />);
    fetchMock.mockResolvedValueOnce(failure(400, 'A list can have at most 20 custom prompts'));
    await userEvent.type(screen.getByLabelText('New custom prompt'), 'One too many');
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText(`${UI_TEXT.customPromptsFailed}A list can have at most 20 custom prompts`)).toHaveAttribute('role', 'alert');
    expect(screen.getByLabelText('New custom prompt')).toHaveValue('One too many');
  });

  it('keeps the focus in the dialog when a prompt is removed: on the prompt now in its place, else on the input', async () => {
    const two = makeList({ custom_prompts: ['Group by aisle', 'Translate to French'] });
    const { rerender } = render(<ListSettingsModal list={two} open onOpenChange={vi.fn()} onShare={vi.fn()} />);
    fetchMock.mockResolvedValue(answer(200, { list }));
    await userEvent.click(screen.getByRole('button', { name: 'Remove prompt: Group by aisle' }));
    const one = makeList({ custom_prompts: ['Translate to French'] });
    rerender(<ListSettingsModal list={one} open onOpenChange={vi.fn()} onShare={vi.fn()} />);
    expect(screen.getByRole('button', { name: 'Remove prompt: Translate to French' })).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Remove prompt: Translate to French' }));
    rerender(<ListSettingsModal list={makeList({ custom_prompts: [] })} open onOpenChange={vi.fn()} onShare={vi.fn()} />);
    expect(screen.getByLabelText('New custom prompt')).toHaveFocus();
  });

  it('leads to Share List', async () => {
    const onShare = vi.fn();
    render(<ListSettingsModal list={list} open onOpenChange={vi.fn()} onShare={onShare} />);
    await userEvent.click(screen.getByRole('button', { name: 'Share List…' }));
    expect(onShare).toHaveBeenCalled();
  });
});
