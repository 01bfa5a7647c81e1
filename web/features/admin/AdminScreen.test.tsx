import { cleanup, render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ADMIN_MESSAGES, ADMIN_TEXT } from '../../../common/admin.ts';
import type { AdminUserView } from '../../../common/schemas/admin.ts';
import { session } from '../../core/store/session.ts';
import { makeUser } from '../../test/factories.ts';
import { answer, callOf, failure, mockFetch } from '../../test/http.ts';
import { AdminScreen } from './AdminScreen.tsx';

const me = makeUser({ id: 'admin', email: 'admin@example.com', email_verified: true });
const sam: AdminUserView = {
  id: 'sam',
  email: 'sam@example.com',
  first_name: null,
  can_use_ai: true,
  email_verified: false,
  disabled: false,
  is_admin: false,
  list_count: 2,
  storage_bytes: 1500,
  created_at: '2025-01-01T00:00:00.000Z',
};
const facts = { version: 'v', database: 'sqlite', storage: { driver: 'local', bytes_used: 0 }, mail_configured: false, ai_provider: 'offline', user_count: 2 };

function show(serve: (url: string, init?: RequestInit) => Response) {
  const fetchMock = mockFetch();
  fetchMock.mockImplementation(async (url, init) => serve(String(url), init));
  session.signIn({ token: 'tok', user: me });
  render(
    <MemoryRouter>
      <AdminScreen user={me} />
    </MemoryRouter>,
  );
  return fetchMock;
}

describe('AdminScreen', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    session.signOut();
  });

  it('says the page is for administrators to anyone else', async () => {
    show(() => failure(403, ADMIN_MESSAGES.adminOnly));
    expect(await screen.findByRole('heading', { name: ADMIN_TEXT.notAdminTitle, level: 1 })).toBeVisible();
    expect(screen.getByText(ADMIN_TEXT.notAdmin)).toBeVisible();
    expect(screen.getByRole('link', { name: ADMIN_TEXT.toLists })).toHaveAttribute('href', '/');
  });

  it('shows each user with what they hold; deleting asks first, naming the address, and sends it', async () => {
    const fetchMock = show((url, init) => {
      if (url.endsWith('/admin/server')) return answer(200, facts);
      if (url.includes('/admin/users?') || url.endsWith('/admin/users')) return answer(200, { users: [{ ...sam, id: 'admin', email: me.email, is_admin: true, email_verified: true }, sam], next_after: null, total: 2 });
      if (init?.method === 'DELETE') return answer(204);
      return answer(404, {});
    });
    const entry = (await screen.findAllByTestId('admin-user'))[1]!;
    expect(entry).toHaveTextContent(`${ADMIN_TEXT.unconfirmed} · 2 lists · 1.5 kB`);
    // The administrator's own entry offers neither disabling nor deleting.
    expect(within(screen.getAllByTestId('admin-user')[0]!).queryByRole('button', { name: new RegExp(ADMIN_TEXT.delete) })).toBeNull();

    await userEvent.click(within(entry).getByRole('button', { name: `${ADMIN_TEXT.delete} ${sam.email}` }));
    const dialog = screen.getByRole('dialog', { name: ADMIN_TEXT.deleteTitle(sam.email) });
    expect(dialog).toHaveTextContent(ADMIN_TEXT.deleteBody(sam.email));
    await userEvent.click(within(dialog).getByRole('button', { name: ADMIN_TEXT.delete }));
    expect(await screen.findByText(ADMIN_TEXT.deletedDone(sam.email))).toBeVisible();
    const sent = callOf(fetchMock, fetchMock.mock.calls.length - 1);
    expect(sent).toMatchObject({ url: '/api/v1/admin/users/sam', method: 'DELETE' });
    expect(JSON.parse(String(fetchMock.mock.calls.at(-1)![1]!.body))).toEqual({ email: sam.email });
    expect(screen.getAllByTestId('admin-user')).toHaveLength(1);
  });
});
