import { cleanup, render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES, UI_TEXT } from '../../../common/messages.ts';
import { resetAppState } from '../../state/app-state.ts';
import { toastStore } from '../../state/toasts.ts';
import { makeList } from '../../test/factories.ts';
import { answer, callOf, failure, mockFetch } from '../../test/http.ts';
import { ShareListModal } from './ShareListModal.tsx';

// Share List follows its members live: over a socket the test never opens, so no fetch is spent on it.
vi.mock('../../realtime/live.ts', async () => (await import('../../test/recording-live.ts')).recordingLive());

const list = makeList({ allow_link_sharing: true, shares: [] });
const share = { list_id: 'l1', user_id: 'u2', email: 'sam@example.com', permission: 'edit', status: 'accepted', shared_by: null, created_at: '2025-01-01T00:00:00.000Z' };

describe('ShareListModal', () => {
  let fetchMock: ReturnType<typeof mockFetch>;
  beforeEach(() => {
    resetAppState();
    toastStore.set([]);
    fetchMock = mockFetch();
    fetchMock.mockResolvedValueOnce(answer(200, { shares: [share] }));
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('defaults to editable when not public, and switching to public clears it', async () => {
    render(<ShareListModal list={{ ...list, allow_link_sharing: false }} open onOpenChange={vi.fn()} />);
    const editable = screen.getByRole('switch', { name: /Editable/ });
    expect(editable).toBeChecked();
    await userEvent.click(screen.getByRole('switch', { name: /Public/ }));
    expect(editable).not.toBeChecked();
  });

  it('shows the stored editable flag of a list people can join by link, and a plain Save keeps it', async () => {
    render(<ShareListModal list={{ ...list, public_editable: false }} open onOpenChange={vi.fn()} />);
    await screen.findByText('sam@example.com');
    expect(screen.getByRole('switch', { name: /Editable/ })).not.toBeChecked();
    fetchMock.mockResolvedValueOnce(answer(200, { list }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(callOf(fetchMock, 1).body).toEqual({ visibility: 'private', public_editable: false, allow_link_sharing: true });
  });

  it("follows what others change while it is open, so that its Save sends only the user's own switches", async () => {
    const closed = { ...list, allow_link_sharing: false };
    const view = render(<ShareListModal list={closed} open onOpenChange={vi.fn()} />);
    await screen.findByText('sam@example.com');
    expect(screen.getByRole('switch', { name: /Public/ })).not.toBeChecked();
    expect(screen.getByRole('switch', { name: /Editable/ })).toBeChecked();

    // Another admin makes it public, view only.
    const madePublic = { ...closed, visibility: 'public' as const, public_editable: false };
    view.rerender(<ShareListModal list={madePublic} open onOpenChange={vi.fn()} />);
    expect(screen.getByRole('switch', { name: /Public/ })).toBeChecked();
    expect(screen.getByRole('switch', { name: /Editable/ })).not.toBeChecked();

    fetchMock.mockResolvedValueOnce(answer(200, { list: { ...madePublic, allow_link_sharing: true } }));
    await userEvent.click(screen.getByRole('switch', { name: /Link sharing/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(callOf(fetchMock, 1).body).toEqual({ visibility: 'public', public_editable: false, allow_link_sharing: true });
  });

  it('saves the settings and says so, or says why not', async () => {
    render(<ShareListModal list={{ ...list, public_editable: true }} open onOpenChange={vi.fn()} />);
    await screen.findByText('sam@example.com');
    fetchMock.mockResolvedValueOnce(answer(200, { list: { ...list, allow_link_sharing: false } }));
    await userEvent.click(screen.getByRole('switch', { name: /Link sharing/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(callOf(fetchMock, 1)).toMatchObject({
      url: '/api/v1/lists/l1/visibility',
      method: 'PUT',
      body: { visibility: 'private', public_editable: true, allow_link_sharing: false },
    });
    expect(toastStore.get().at(-1)?.message).toBe(MESSAGES.shareSettingsUpdated);
    fetchMock.mockResolvedValueOnce(failure(400, 'Visibility must be private or public'));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(toastStore.get().at(-1)?.message).toBe(`${MESSAGES.shareSettingsFailed}Visibility must be private or public`);
  });

  it('says settings saved offline wait for the connection, not that they were saved, and keeps the switches as chosen', async () => {
    render(<ShareListModal list={list} open onOpenChange={vi.fn()} />);
    await screen.findByText('sam@example.com');
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await userEvent.click(screen.getByRole('switch', { name: /Link sharing/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(toastStore.get().map((toast) => toast.message)).toContain(UI_TEXT.shareSettingsQueued);
    expect(toastStore.get().map((toast) => toast.message)).not.toContain(MESSAGES.shareSettingsUpdated);
    expect(screen.getByRole('switch', { name: /Link sharing/ })).toHaveAttribute('aria-checked', 'false');
  });

  it('copies the share link and shows "Copied!"', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText }, onLine: true });
    render(<ShareListModal list={list} open onOpenChange={vi.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/join/l1`);
    expect(screen.getByRole('button', { name: 'Copied!' })).toBeInTheDocument();
  });

  it('changes a member to view only and asks before removing one', async () => {
    render(<ShareListModal list={list} open onOpenChange={vi.fn()} />);
    const member = (await screen.findByText('sam@example.com')).closest('li')!;
    fetchMock.mockResolvedValueOnce(answer(200, { share: { ...share, permission: 'view' } }));
    fetchMock.mockResolvedValue(answer(200, { lists: [] }));
    await userEvent.click(within(member).getByRole('button', { name: /Change access/ }));
    await userEvent.click(await screen.findByRole('menuitemradio', { name: 'View only' }));
    expect(callOf(fetchMock, 1)).toMatchObject({ url: '/api/v1/lists/l1/shares/u2', method: 'PUT', body: { permission: 'view' } });
    expect(await within(member).findByText('View only')).toBeInTheDocument();
    await userEvent.click(within(member).getByRole('button', { name: /Change access/ }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Remove' }));
    expect(screen.getByText(MESSAGES.removeAccessConfirm)).toBeInTheDocument();
  });
});
