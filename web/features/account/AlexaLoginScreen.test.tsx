import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { ALEXA_LOGIN_PATH, LINK_ERRORS, LINK_PAGE_TEXT } from '../../../common/alexa.ts';
import { answer, mockFetch } from '../../test/http.ts';
import { AlexaLoginScreen } from './AlexaLoginScreen.tsx';

const REQUEST = {
  client_id: 'alexa-skill',
  redirect_uri: 'https://pitangui.amazon.com/api/skill/link/M2A',
  state: 'A2SAAEAE',
  response_type: 'code',
  scope: 'lists:read items:write',
  code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
  code_challenge_method: 'S256',
};

function open(query: Record<string, string>) {
  render(
    <MemoryRouter initialEntries={[`${ALEXA_LOGIN_PATH}?${new URLSearchParams(query)}`]}>
      <AlexaLoginScreen />
    </MemoryRouter>,
  );
}

const form = () => screen.getByRole('button', { name: LINK_PAGE_TEXT.submit }).closest('form')!;

describe('AlexaLoginScreen', () => {
  afterEach(cleanup);

  it('posts e-mail and password to the server with the authorization request, nothing else of the query', () => {
    open({ ...REQUEST, error: 'invalid_credentials', extra: 'dropped' });
    expect(form().method).toBe('post');
    const action = new URL(form().action);
    expect(action.pathname).toBe('/api/v1/auth/alexa/auth');
    expect(Object.fromEntries(action.searchParams)).toEqual(REQUEST);
    expect(screen.getByLabelText('Email')).toHaveAttribute('name', 'email');
    expect(screen.getByLabelText('Password')).toHaveAttribute('name', 'password');
    expect(screen.getByLabelText('Email')).toHaveFocus();
  });

  it('sends the form token the server gave the page', async () => {
    const fetchMock = mockFetch();
    fetchMock.mockResolvedValue(answer(200, { form_token: 'token-from-the-server' }));
    open(REQUEST);
    await waitFor(() => expect(new FormData(form()).get('form_token')).toBe('token-from-the-server'));
    expect(String(fetchMock.mock.calls[0]![0])).toBe('/api/v1/auth/alexa/form');
  });

  it('says what went wrong, read with the field the focus is in', () => {
    open({ ...REQUEST, error: 'invalid_credentials' });
    expect(screen.getByRole('alert')).toHaveTextContent(LINK_ERRORS.invalid_credentials);
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(LINK_ERRORS.invalid_credentials);
    expect(screen.getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true');
  });

  it('an unknown error code gets the general message; none, no message', () => {
    open({ ...REQUEST, error: 'something_new' });
    expect(screen.getByRole('alert')).toHaveTextContent(LINK_PAGE_TEXT.failed);
    cleanup();
    open(REQUEST);
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
    expect(screen.getByLabelText('Email')).not.toHaveAttribute('aria-invalid');
  });

  it('without a redirect URI, the form still goes to the server, which knows whether the client has only one', () => {
    const { redirect_uri: _none, ...request } = REQUEST;
    open(request);
    expect(Object.fromEntries(new URL(form().action).searchParams)).toEqual(request);
  });

  it.each([{ state: 'x' }, { ...REQUEST, client_id: '' }])('without a client there is nothing to link: no form, and why (%o)', (query) => {
    open(query);
    expect(screen.getByRole('alert')).toHaveTextContent(LINK_ERRORS.invalid_request);
    expect(screen.queryByRole('button', { name: LINK_PAGE_TEXT.submit })).toBeNull();
  });

  it('is busy once sent, so a second press sends nothing more', async () => {
    open(REQUEST);
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'secret1');
    const sent = form();
    // jsdom does not navigate; the browser would leave for the server's redirect.
    sent.addEventListener('submit', (event) => event.preventDefault());
    await userEvent.click(screen.getByRole('button', { name: LINK_PAGE_TEXT.submit }));
    expect(screen.getByRole('button', { name: LINK_PAGE_TEXT.busy })).toHaveAttribute('aria-disabled', 'true');
    expect(sent).toHaveAttribute('aria-busy', 'true');
  });

  it('back with an error, the address typed before is still there; a fresh start is empty', async () => {
    open(REQUEST);
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong-password');
    form().addEventListener('submit', (event) => event.preventDefault());
    await userEvent.click(screen.getByRole('button', { name: LINK_PAGE_TEXT.submit }));
    cleanup();

    open({ ...REQUEST, error: 'invalid_credentials' });
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
    expect(screen.getByLabelText('Password')).toHaveValue('');
    cleanup();
    open(REQUEST);
    expect(screen.getByLabelText('Email')).toHaveValue('');
  });
});
