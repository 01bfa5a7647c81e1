import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RESET_PASSWORD_PATH } from '../../../common/constants.ts';
import { MESSAGES, SERVER_MESSAGES } from '../../../common/messages.ts';
import { failure, mockFetch } from '../../test/http.ts';
import { ResetPasswordScreen } from './ResetPasswordScreen.tsx';

function openLink(search: string) {
  render(
    <MemoryRouter initialEntries={[`${RESET_PASSWORD_PATH}${search}`]}>
      <ResetPasswordScreen />
    </MemoryRouter>,
  );
}

describe('ResetPasswordScreen', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('asks for the new password with a link that may be ours', () => {
    openLink('?token=Zm9vYmFy-_1');
    expect(screen.getByLabelText('New password')).toBeInTheDocument();
    expect(screen.queryByText(SERVER_MESSAGES.resetLinkInvalid)).toBeNull();
  });

  it.each([['a NUL', '%00'], ['300 characters', 'a'.repeat(300)]])('says a link whose token holds %s is invalid, with nothing to fill in', (_case, token) => {
    const fetchMock = mockFetch();
    openLink(`?token=${token}`);
    expect(screen.getByRole('alert')).toHaveTextContent(SERVER_MESSAGES.resetLinkInvalid);
    expect(screen.queryByLabelText('New password')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('ties an error to the field it is about and takes the focus there; a refused link is about no field', async () => {
    mockFetch().mockResolvedValueOnce(failure(400, SERVER_MESSAGES.resetLinkInvalid));
    openLink('?token=Zm9vYmFy-_1');
    const password = screen.getByLabelText('New password');
    const confirm = screen.getByLabelText('Confirm new password');
    const submit = screen.getByRole('button', { name: 'Set password' });

    await userEvent.click(submit);
    await waitFor(() => expect(password).toHaveFocus());
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.newPasswordTooShort);
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(password).toHaveAccessibleDescription(MESSAGES.newPasswordTooShort);
    expect(confirm).toHaveAttribute('aria-invalid', 'false');

    await userEvent.type(password, 'new-secret');
    await userEvent.type(confirm, 'other-secret');
    await userEvent.click(submit);
    await waitFor(() => expect(confirm).toHaveFocus());
    expect(confirm).toHaveAttribute('aria-invalid', 'true');
    expect(confirm).toHaveAccessibleDescription(MESSAGES.newPasswordsDoNotMatch);
    expect(password).toHaveAttribute('aria-invalid', 'false');

    await userEvent.clear(confirm);
    await userEvent.type(confirm, 'new-secret');
    await userEvent.click(submit);
    expect(await screen.findByText(SERVER_MESSAGES.resetLinkInvalid)).toHaveRole('alert');
    expect(screen.getByRole('button', { name: 'Set password' })).toHaveFocus();
    expect(password).toHaveAttribute('aria-invalid', 'false');
    expect(confirm).toHaveAttribute('aria-invalid', 'false');
  });
});
