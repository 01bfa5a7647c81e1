import { cleanup, render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES, UI_TEXT } from '../../../common/messages.ts';
import { resetAppState } from '../../core/store/app-state.ts';
import { toastStore } from '../../core/store/toasts.ts';
import { makeList } from '../../test/factories.ts';
import { answer, callOf, failure, mockFetch } from '../../test/http.ts';
import { ShareListModal } from './ShareListModal.tsx';

// Share List follows its members live: over a socket the test never opens, so no fetch is spent on it.
vi.mock('../../core/net/live.ts', async () => (await import('../../test/recording-live.ts')).recordingLive());

const list = makeList({ allow_link_sharing: true, shares: [] });
const share = { list_id: 'l1', user_id: 'u2', email: 'sam@example.com', permission: 'edit', status: 'accepted', shared_by: null, created_at: '2025-01-01T00:00:00.000Z' };

describe('ShareListModal', () => {
  let fetchMock: ReturnType<typeof mockFetch>;
  beforeEach(() => {
    resetAppState();
    toastStore.set([]);
    fetchMock = mockFetch();
    fetchMock.mockResolvedValueOnce(answer(200, { shares: [share], can_send_mail: true }));
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it.each([
    ['invited', UI_TEXT.accessInvited, { visibility: 'private', public_editable: false, allow_link_sharing: false }],
    ['link-view', UI_TEXT.accessLinkView, { visibility: 'public', public_editable: false, allow_link_sharing: false }],
    ['link-edit', UI_TEXT.accessLinkEdit, { visibility: 'public', public_editable: true, allow_link_sharing: false }],
  ])('offers one choice of who can open it; "%s" saves its stored fields', async (_, label, fields) => {
    const other = label === UI_TEXT.accessInvited ? { visibility: 'public' as const } : { allow_link_sharing: false };
    render(<ShareListModal list={{ ...list, ...other }} open onOpenChange={vi.fn()} />);
    await screen.findByText('sam@example.com');
    expect(screen.getAllByRole('radio')).toHaveLength(3);
    await userEvent.click(screen.getByRole('radio', { name: new RegExp(label) }));
    fetchMock.mockResolvedValueOnce(answer(200, { list: { ...list, ...fields } }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(callOf(fetchMock, 1)).toMatchObject({ url: '/api/v1/lists/l1/visibility', method: 'PUT', body: fields });
    expect(toastStore.get().at(-1)?.message).toBe(MESSAGES.shareSettingsUpdated);
  });

  it('shows the choice the stored fields amount to, and a plain Save keeps what people who join may do', async () => {
    render(<ShareListModal list={{ ...list, public_editable: false }} open onOpenChange={vi.fn()} />);
    await screen.findByText('sam@example.com');
    expect(screen.getByRole('radio', { name: new RegExp(UI_TEXT.accessLinkView) })).toBeChecked();
    fetchMock.mockResolvedValueOnce(answer(200, { list }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(callOf(fetchMock, 1).body).toEqual({ visibility: 'public', public_editable: false, allow_link_sharing: false });
  });

  it("follows what others change while it is open, until the user chooses", async () => {
    const closed = { ...list, allow_link_sharing: false };
    const view = render(<ShareListModal list={closed} open onOpenChange={vi.fn()} />);
    await screen.findByText('sam@example.com');
    expect(screen.getByRole('radio', { name: new RegExp(UI_TEXT.accessInvited) })).toBeChecked();
    view.rerender(<ShareListModal list={{ ...closed, visibility: 'public', public_editable: true }} open onOpenChange={vi.fn()} />);
    expect(screen.getByRole('radio', { name: new RegExp(UI_TEXT.accessLinkEdit) })).toBeChecked();
  });

  it('says why a save failed, and that one made offline waits for the connection, keeping the choice', async () => {
    render(<ShareListModal list={{ ...list, allow_link_sharing: false }} open onOpenChange={vi.fn()} />);
    await screen.findByText('sam@example.com');
    const view = screen.getByRole('radio', { name: new RegExp(UI_TEXT.accessLinkView) });
    await userEvent.click(view);
    fetchMock.mockResolvedValueOnce(failure(400, 'Visibility must be private or public'));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(toastStore.get().at(-1)?.message).toBe(`${MESSAGES.shareSettingsFailed}Visibility must be private or public`);
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(toastStore.get().map((toast) => toast.message)).toContain(UI_TEXT.shareSettingsQueued);
    expect(view).toBeChecked();
  });

  it('says a server without mail gives invitation links, shows the new link, and copies a pending one again', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText }, onLine: true });
    const link = 'http://listo.test/invitation#tok';
    fetchMock.mockReset();
    fetchMock.mockResolvedValueOnce(answer(200, { shares: [share], can_send_mail: false }));
    render(<ShareListModal list={list} open onOpenChange={vi.fn()} />);
    expect(await screen.findByText(UI_TEXT.noMailNotice)).toBeInTheDocument();
    const pending = { ...share, user_id: null, email: 'bob@example.com', status: 'pending', invitation_link: link };
    fetchMock.mockResolvedValueOnce(answer(201, { share: pending }));
    fetchMock.mockResolvedValue(answer(200, { lists: [] }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Invite by e-mail' }), 'bob@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Invite' }));
    expect(await screen.findByText(UI_TEXT.invitationLinkMade('bob@example.com'))).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: UI_TEXT.copyInvitationLink('bob@example.com') })).toHaveValue(link);
    await userEvent.click(screen.getByRole('button', { name: UI_TEXT.copyInvitationLink('bob@example.com') }));
    expect(writeText).toHaveBeenCalledWith(link);
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
