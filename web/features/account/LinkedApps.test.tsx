import { cleanup, render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LINKED_APPS_TEXT } from '../../../common/alexa.ts';
import { session } from '../../core/store/session.ts';
import { answer, callOf, failure, mockFetch } from '../../test/http.ts';
import { LinkedApps } from './LinkedApps.tsx';

const ALEXA = { client_id: 'alexa-skill', name: 'Alexa', scopes: ['lists:read', 'items:write'], linked_at: '2025-03-01T10:00:00.000Z', last_used_at: null };

describe('LinkedApps', () => {
  let fetchMock: ReturnType<typeof mockFetch>;
  beforeEach(() => {
    localStorage.clear();
    fetchMock = mockFetch();
    session.signIn({ token: 'tok', user: { id: 'u1', email: 'ada@example.com', first_name: null, can_use_ai: true, email_verified: true } });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    session.signOut();
  });
  const region = () => screen.getByRole('region', { name: LINKED_APPS_TEXT.title });

  it('says when nothing is linked', async () => {
    fetchMock.mockResolvedValueOnce(answer(200, { apps: [] }));
    render(<LinkedApps />);
    expect(await screen.findByText(LINKED_APPS_TEXT.none)).toBeVisible();
    expect(callOf(fetchMock, 0)).toMatchObject({ url: '/api/v1/auth/linked-apps', method: 'GET' });
  });

  it('lists a linked app; Unlink asks first, then revokes it and says so', async () => {
    fetchMock.mockResolvedValueOnce(answer(200, { apps: [ALEXA] })).mockResolvedValueOnce(answer(204));
    render(<LinkedApps />);
    expect(await within(region()).findByText('Alexa')).toBeVisible();
    expect(within(region()).getByText(/^Linked on /)).toBeVisible();

    await userEvent.click(screen.getByRole('button', { name: 'Unlink Alexa' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveTextContent(LINKED_APPS_TEXT.unlinkConfirm('Alexa'));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await userEvent.click(within(dialog).getByRole('button', { name: LINKED_APPS_TEXT.unlink }));

    expect(await within(region()).findByRole('status')).toHaveTextContent(LINKED_APPS_TEXT.unlinked('Alexa'));
    expect(callOf(fetchMock, 1)).toMatchObject({ url: '/api/v1/auth/linked-apps/alexa-skill', method: 'DELETE' });
    expect(screen.queryByRole('button', { name: 'Unlink Alexa' })).toBeNull();
    expect(screen.getByText(LINKED_APPS_TEXT.none)).toBeVisible();
    // The button went with its row: the focus is on the section's title, not lost to the page.
    expect(screen.getByRole('heading', { name: LINKED_APPS_TEXT.title })).toHaveFocus();
  });

  it('says when an app last used its access', async () => {
    fetchMock.mockResolvedValueOnce(answer(200, { apps: [{ ...ALEXA, client_id: 'app_x', name: 'Claude', last_used_at: '2025-03-02T10:00:00.000Z' }] }));
    render(<LinkedApps />);
    expect(await within(region()).findByText(/^Linked on .*, last used /)).toBeVisible();
  });

  it('keeps the app and says why when unlinking fails; cancel does nothing', async () => {
    fetchMock.mockResolvedValueOnce(answer(200, { apps: [ALEXA] })).mockResolvedValueOnce(failure(503, 'Server is busy'));
    render(<LinkedApps />);
    await userEvent.click(await screen.findByRole('button', { name: 'Unlink Alexa' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(fetchMock).toHaveBeenCalledTimes(1);

    await userEvent.click(screen.getByRole('button', { name: 'Unlink Alexa' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: LINKED_APPS_TEXT.unlink }));
    expect(await within(region()).findByText(`${LINKED_APPS_TEXT.unlinkFailed}Server is busy`)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Unlink Alexa' })).toHaveAttribute('aria-disabled', 'false');
  });

  it('says when the list cannot be loaded', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    render(<LinkedApps />);
    expect(await within(region()).findByText(LINKED_APPS_TEXT.loadFailed)).toBeVisible();
  });
});
