import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { OIDC_ERRORS, OIDC_FINISH_PARAM, OIDC_FINISH_VALUE } from '../../../common/oidc.ts';
import { MESSAGES } from '../../../common/messages.ts';
import type { LoginBody } from '../../../common/schemas/auth.ts';
import type { SignInMethods } from '../../../common/schemas/oidc.ts';
import { ApiError } from '../../core/net/client.ts';
import { fetchSignInMethods, finishWithProvider, goToProvider } from './oidc-api.ts';
import { messageOf } from '../../core/net/errors.ts';

/** Whether the page was opened by the server's redirect after the provider (`?oidc=finish`). */
export const cameBackFromProvider = (search: string) => new URLSearchParams(search).get(OIDC_FINISH_PARAM) === OIDC_FINISH_VALUE;

/**
 * The sign-in page's identity providers: what the server offers, the trip to a provider, and the
 * finish on the way back (a session, or a refusal in the page's message). A provider that did not
 * confirm the address leaves `linking` set: the password form then links it as it signs in.
 */
export function useProviderSignIn(report: { error(message: string): void; notice(message: string): void }) {
  const [methods, setMethods] = useState<SignInMethods | null>(null);
  const [going, setGoing] = useState<string | null>(null);
  const [linking, setLinking] = useState(false);
  const location = useLocation();
  const navigate = useNavigate();
  const [finishing, setFinishing] = useState(() => cameBackFromProvider(location.search));
  // Once per arrival, also under StrictMode's second run of effects: a finish is single-use.
  const finished = useRef(false);
  // The page's latest message setters, for the answers that arrive after an await.
  const reportRef = useRef(report);
  useEffect(() => {
    reportRef.current = report;
  });

  useEffect(() => {
    let current = true;
    fetchSignInMethods().then(
      (found) => current && setMethods(found),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, []);

  useEffect(() => {
    if (!cameBackFromProvider(location.search) || finished.current) return;
    finished.current = true;
    navigate(location.pathname, { replace: true });
    finishWithProvider().catch((failure: unknown) => {
      setFinishing(false);
      if (failure instanceof ApiError && failure.code === OIDC_ERRORS.unverifiedEmail) {
        setLinking(true);
        reportRef.current.notice(failure.message);
      } else reportRef.current.error(messageOf(failure, MESSAGES.loginFailed));
    });
  }, [location.search, location.pathname, navigate]);

  return {
    methods,
    going,
    finishing,
    linking,
    /** To the provider; a provider that cannot be reached says so here. */
    async go(provider: string) {
      setGoing(provider);
      try {
        await goToProvider(provider, 'login');
      } catch (failure) {
        setGoing(null);
        reportRef.current.error(messageOf(failure, MESSAGES.loginFailed));
      }
    },
    /** Signs in with the password and links the provider that came back unconfirmed. */
    async linkWithPassword(credentials: LoginBody) {
      const answer = await finishWithProvider(credentials);
      setLinking(false);
      return answer;
    },
  };
}


