import { act, cleanup, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '../../../../common/messages.ts';
import { toastStore } from '../../../core/store/toasts.ts';
import { AddBar } from './AddBar.tsx';

const HISTORY = ['milk', 'almond milk', 'mint', 'mango', 'melon', 'mushrooms', 'mustard', 'muesli', 'mozzarella', 'bread'];

describe('AddBar', () => {
  beforeEach(() => toastStore.set([]));
  afterEach(cleanup);

  it('adds what was typed on Enter and clears the input', async () => {
    const onAdd = vi.fn(async () => true);
    render(<AddBar history={[]} onAdd={onAdd} />);
    const input = screen.getByPlaceholderText('Add item...');
    await userEvent.type(input, '2 bottles milk, eggs and bread{Enter}');
    expect(onAdd).toHaveBeenCalledWith('2 bottles milk, eggs and bread');
    expect(input).toHaveValue('');
    await userEvent.type(input, '   {Enter}');
    expect(onAdd).toHaveBeenCalledOnce();
  });

  it('keeps the lines of a pasted list apart, as items, where the caret is', async () => {
    const onAdd = vi.fn(async () => true);
    render(<AddBar history={[]} onAdd={onAdd} />);
    const input = screen.getByRole('combobox', { name: 'Add items' });
    await userEvent.type(input, 'tea, ');
    await userEvent.paste('milk\r\neggs\n\n  bread \n2 bottles water\n');
    expect(input).toHaveValue('tea, milk, eggs, bread, 2 bottles water');
    await userEvent.type(input, '{Enter}');
    expect(onAdd).toHaveBeenCalledWith('tea, milk, eggs, bread, 2 bottles water');
  });

  it('gives the text back when the items were refused, unless something new was typed meanwhile', async () => {
    let refuse!: (added: boolean) => void;
    const onAdd = vi.fn(() => new Promise<boolean>((resolve) => (refuse = resolve)));
    render(<AddBar history={[]} onAdd={onAdd} />);
    const input = screen.getByRole('combobox', { name: 'Add items' });
    await userEvent.type(input, 'a very long paste{Enter}');
    expect(input).toHaveValue('');
    await act(async () => refuse(false));
    expect(input).toHaveValue('a very long paste');

    await userEvent.type(input, '{Enter}');
    await userEvent.type(input, 'eggs');
    await act(async () => refuse(false));
    expect(input).toHaveValue('eggs');

    await userEvent.type(input, '{Enter}');
    await act(async () => refuse(true));
    expect(input).toHaveValue('');
  });

  it('suggests at most 7 history entries, prefix matches first, and adds a chosen one', async () => {
    const onAdd = vi.fn(async () => true);
    render(<AddBar history={HISTORY} onAdd={onAdd} />);
    const input = screen.getByRole('combobox', { name: 'Add items' });
    await userEvent.type(input, 'm');
    expect(screen.getAllByRole('option')).toHaveLength(7);
    await userEvent.clear(input);
    await userEvent.type(input, 'mil');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['milk', 'almond milk']);
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(onAdd).toHaveBeenCalledWith('almond milk');
    await userEvent.type(input, 'mi');
    await userEvent.click(screen.getByRole('option', { name: 'mint' }));
    expect(onAdd).toHaveBeenLastCalledWith('mint');
  });

  it("says so when the browser has no speech recognition", async () => {
    render(<AddBar history={[]} onAdd={async () => true} />);
    await userEvent.click(screen.getByRole('button', { name: 'Voice input' }));
    expect(toastStore.get()[0]?.message).toBe(MESSAGES.speechUnsupported);
  });

  it('listens once in en-US without interim results and reports a denied microphone', async () => {
    const instances: Record<string, unknown>[] = [];
    class FakeRecognition {
      onerror: ((event: { error: string }) => void) | null = null;
      onend: (() => void) | null = null;
      onresult: ((event: unknown) => void) | null = null;
      constructor() {
        instances.push(this as unknown as Record<string, unknown>);
      }
      start() {
        this.onresult?.({ results: [[{ transcript: 'apples' }]] });
        this.onerror?.({ error: 'not-allowed' });
        this.onend?.();
      }
      stop() {}
    }
    vi.stubGlobal('webkitSpeechRecognition', FakeRecognition);
    render(<AddBar history={[]} onAdd={async () => true} />);
    await userEvent.click(screen.getByRole('button', { name: 'Voice input' }));
    expect(instances[0]).toMatchObject({ lang: 'en-US', continuous: false, interimResults: false });
    expect(screen.getByPlaceholderText('Add item...')).toHaveValue('apples');
    expect(toastStore.get()[0]?.message).toBe(MESSAGES.microphoneDenied);
    vi.unstubAllGlobals();
  });
});
