import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RESET_PASSWORD_PATH } from '../../common/constants.ts';
import { SERVER_MESSAGES } from '../../common/messages.ts';
import { mockFetch } from '../test/http.ts';
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
});
