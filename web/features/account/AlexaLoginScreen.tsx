import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  ALEXA_AUTHORIZE_PATH,
  AUTHORIZATION_PARAMS,
  LINK_ERROR_PARAM,
  LINK_ERRORS,
  LINK_PAGE_TEXT,
  type LinkError,
} from '../../../common/alexa.ts';
import { API_BASE_PATH, SESSION_STORAGE_KEYS } from '../../../common/constants.ts';
import { fetchLinkFormToken } from './linked-apps-api.ts';
import { BusyButton } from '../../ui/BusyButton.tsx';
import { Field } from '../../ui/Field.tsx';
import ui from '../../ui/ui.module.css';
import { AuthLayout, authStyles } from '../auth/index.ts';

const ERROR_ID = 'link-error';

/**
 * The address of the last attempt, for the tab's return with an error: the server sends the browser
 * back without it (it stays out of the URL, and of history). Nothing is kept where storage is refused.
 */
function typedEmail(): string {
  try {
    return sessionStorage.getItem(SESSION_STORAGE_KEYS.linkEmail) ?? '';
  } catch {
    return '';
  }
}
function keepTypedEmail(form: HTMLFormElement): void {
  try {
    const email = new FormData(form).get('email');
    sessionStorage.setItem(SESSION_STORAGE_KEYS.linkEmail, typeof email === 'string' ? email : '');
  } catch {
    // The field starts empty again after a refusal.
  }
}

/**
 * The token the form must carry (the server takes the form from this page only): undefined until it
 * comes. Should it not come, it is empty and the form is still sent: the server answers that it
 * expired, and the page, opened again, asks anew.
 */
function useLinkFormToken(): string | undefined {
  const [token, setToken] = useState<string>();
  useEffect(() => {
    let current = true;
    fetchLinkFormToken().then(
      (found) => current && setToken(found),
      () => current && setToken(''),
    );
    return () => {
      current = false;
    };
  }, []);
  return token;
}

/** The error the server sent the browser back with, in words; an unknown code gets the general one. */
function errorText(code: string | null): string | null {
  if (code === null) return null;
  return Object.hasOwn(LINK_ERRORS, code) ? LINK_ERRORS[code as LinkError] : LINK_PAGE_TEXT.failed;
}

/**
 * The account-linking page (docs/decisions/011): the Alexa app opens it with an OAuth authorization
 * request in the query. A plain form post, not a fetch: the server answers with a redirect, either
 * to Alexa with the code, or back here with the request and an `error`.
 */
export function AlexaLoginScreen() {
  const [params] = useSearchParams();
  const request = new URLSearchParams(AUTHORIZATION_PARAMS.flatMap((name) => (params.has(name) ? [[name, params.get(name)!]] : [])));
  const error = errorText(params.get(LINK_ERROR_PARAM));
  const [busy, setBusy] = useState(false);
  const formToken = useLinkFormToken();
  const formRef = useRef<HTMLFormElement>(null);
  // Sent before its token came (a quick hand, a slow network): it goes as soon as the token is in the form.
  const [waitingForToken, setWaitingForToken] = useState(false);
  useEffect(() => {
    if (waitingForToken && formToken !== undefined) formRef.current?.requestSubmit();
  }, [waitingForToken, formToken]);

  // Back from Alexa's page (the browser's cache keeps this one as it was): the form works again.
  useEffect(() => {
    const reset = (event: PageTransitionEvent) => event.persisted && setBusy(false);
    window.addEventListener('pageshow', reset);
    return () => window.removeEventListener('pageshow', reset);
  }, []);

  return (
    <AuthLayout title={LINK_PAGE_TEXT.title}>
      <p className={authStyles.tagline}>{LINK_PAGE_TEXT.intro}</p>
      {/* No redirect URI is fine when the client has only one: the server knows which, and says so if not. */}
      {request.get('client_id') ? (
        <form
          method="post"
          action={`${API_BASE_PATH}${ALEXA_AUTHORIZE_PATH}?${request}`}
          className={authStyles.form}
          ref={formRef}
          onSubmit={(event) => {
            if (formToken === undefined) {
              event.preventDefault();
              setWaitingForToken(true);
              setBusy(true);
              return;
            }
            keepTypedEmail(event.currentTarget);
            setBusy(true);
          }}
          aria-busy={busy}
        >
          {/* Focus starts in the form, and a screen reader reads the error with the field it lands on. */}
          <Field
            label="Email"
            name="email"
            type="email"
            autoComplete="username"
            required
            autoFocus
            defaultValue={error ? typedEmail() : undefined}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? ERROR_ID : undefined}
          />
          <Field label="Password" name="password" type="password" autoComplete="current-password" required aria-invalid={error ? true : undefined} />
          <input type="hidden" name="form_token" value={formToken ?? ''} />
          <div className={ui.messages}>
            <p id={ERROR_ID} role="alert" className={ui.error}>
              {error}
            </p>
          </div>
          <BusyButton type="submit" className={ui.primary} busy={busy}>
            {busy ? LINK_PAGE_TEXT.busy : LINK_PAGE_TEXT.submit}
          </BusyButton>
        </form>
      ) : (
        <p role="alert" className={ui.error}>
          {LINK_ERRORS.invalid_request}
        </p>
      )}
    </AuthLayout>
  );
}
