import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useLocation } from 'react-router';
import { FIRST_NAME_MAX_LENGTH, STORAGE_KEYS } from '../../../common/constants.ts';
import { MESSAGES, SERVER_MESSAGES, UI_TEXT } from '../../../common/messages.ts';
import type { LoginBody, RegisterBody } from '../../../common/schemas/auth.ts';
import type { InvitationLinkView, InvitationView } from '../../../common/schemas/shares.ts';
import { login, register, requestPasswordReset } from './auth-api.ts';
import { BusyButton } from '../../ui/BusyButton.tsx';
import { messageOf } from '../../core/net/errors.ts';
import { Field } from '../../ui/Field.tsx';
import { FormMessage } from '../../ui/FormMessage.tsx';
import ui from '../../ui/ui.module.css';
import { useFieldError } from '../../ui/useFieldError.ts';
import type { EndedSession } from '../../core/store/ended-session.ts';
import { keepsSignIn, localStore } from '../../core/store/local-storage.ts';
import { AuthLayout, authStyles } from './AuthLayout.tsx';
import { OrRule, ProviderButtons } from './ProviderButtons.tsx';
import { useProviderSignIn } from './useProviderSignIn.ts';
import { OIDC_TEXT } from '../../../common/oidc.ts';

type Action = 'login' | 'register' | 'reset';
type FieldName = 'email' | 'password' | 'first_name';

/**
 * The fields a refusal of the server is about: both credentials, as the server does not say which
 * one is wrong (the linking page marks both too); a taken address. Others (too many attempts, no
 * network) are about no field.
 */
function refusedFields(message: string): FieldName[] {
  if (message === SERVER_MESSAGES.invalidCredentials) return ['email', 'password'];
  if (message === SERVER_MESSAGES.emailTaken) return ['email'];
  return [];
}

/** What a screen that signed the user out asks the sign-in page to say, as router state ("Your account was deleted."). */
export interface LoginNotice {
  notice: string;
}

const noticeIn = (state: unknown): string | null =>
  typeof (state as Partial<LoginNotice> | null)?.notice === 'string' ? (state as LoginNotice).notice : null;

/**
 * Sign in, create an account, or ask for a reset link. With an invitation (a
 * share link opened signed out) it says who shared which list, and the buttons say they join it;
 * confirming an e-mail address (its link opened signed out), it says why the sign-in comes first.
 */
export function LoginScreen({
  invitation,
  linkInvitation,
  confirmingEmail = false,
}: {
  invitation?: InvitationView;
  /** An invitation link opened signed out (decision 047): signing in accepts it. */
  linkInvitation?: InvitationLinkView;
  confirmingEmail?: boolean;
}) {
  const inviting = invitation ?? linkInvitation;
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [firstName, setFirstName] = useState('');
  const hintId = useId();
  const [busy, setBusy] = useState<Action | null>(null);
  const { error, setError, errorId, form, fieldProps } = useFieldError<FieldName>();
  const [notice, setNotice] = useState<string | null>(null);
  // Shown on arrival, and when a signed-out screen sends the user here (the same screen stays mounted).
  const arrivedWith = noticeIn(useLocation().state);
  const [shownArrival, setShownArrival] = useState<string | null>(null);
  if (arrivedWith !== shownArrival) {
    setShownArrival(arrivedWith);
    if (arrivedWith) setNotice(arrivedWith);
  }
  const ended = useEndedSession(setEmail);
  const providers = useProviderSignIn({ error: (message) => setError({ message, fields: [] }), notice: setNotice });
  // The password form shows until the server says passwords are off (PASSWORD_LOGIN=off).
  const passwordOn = providers.methods?.password ?? true;
  const providerList = providers.methods?.providers ?? [];

  // Taken at once, before any await: a double click must not send the form twice.
  const running = useRef(false);

  async function run(action: Action) {
    if (running.current) return;
    running.current = true;
    setBusy(action);
    setError(null);
    setNotice(null);
    try {
      // The shared schemas (and zod) load on the first submit: the sign-in page's first load stays small.
      const schemas = await import('../../../common/schemas/auth.ts');
      const schema = { login: schemas.LoginBody, register: schemas.RegisterBody, reset: schemas.PasswordResetBody }[action];
      const fields = { reset: { email }, login: { email, password }, register: { email, password, ...(firstName ? { first_name: firstName } : {}) } };
      const parsed = schema.safeParse(fields[action]);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        const field = issue?.path[0];
        const known = field === 'email' || field === 'password' || field === 'first_name';
        setError({ message: issue?.message ?? MESSAGES.loginFailed, fields: known ? [field] : [] });
        return;
      }
      // A provider that came back with an unconfirmed address is linked by this sign-in.
      if (action === 'login' && providers.linking) await providers.linkWithPassword(parsed.data as LoginBody);
      else if (action === 'login') await login(parsed.data as LoginBody);
      if (action === 'register') await register(parsed.data as RegisterBody);
      if (action === 'reset') setNotice((await requestPasswordReset(email)).message);
    } catch (failure) {
      const fallback = {
        login: MESSAGES.loginFailed,
        register: MESSAGES.registrationFailed,
        reset: MESSAGES.passwordResetFailed,
      }[action];
      const message = messageOf(failure, fallback);
      setError({ message, fields: refusedFields(message) });
    } finally {
      running.current = false;
      setBusy(null);
    }
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void run('login');
  };

  return (
    <AuthLayout title="Listo">
      <p className={authStyles.tagline}>Shared checklists, live on every device.</p>
      {!keepsSignIn && <p className={authStyles.warning}>{UI_TEXT.siteDataBlocked}</p>}
      {ended && (
        <p className={authStyles.warning} role="status">
          {endedText(ended)}
        </p>
      )}
      {invitation && (
        <section className={authStyles.intro} aria-labelledby="intro-title">
          <h2 id="intro-title">{MESSAGES.invitedTitle}</h2>
          <p>{UI_TEXT.invitationSentBy(invitation.sharedBy, invitation.listName)}</p>
          <p>{invitation.isPublic ? MESSAGES.invitationPublic : MESSAGES.invitationAccountNeeded}</p>
        </section>
      )}
      {linkInvitation && (
        <section className={authStyles.intro} aria-labelledby="intro-title">
          <h2 id="intro-title">{MESSAGES.invitedTitle}</h2>
          <p>
            {UI_TEXT.invitationLinkFrom(
              linkInvitation.sharedBy,
              linkInvitation.listName,
              UI_TEXT.permissionWords[linkInvitation.permission ?? 'view'],
            )}
          </p>
        </section>
      )}
      {confirmingEmail && (
        <section className={authStyles.intro} aria-labelledby="intro-title">
          <h2 id="intro-title">{UI_TEXT.verifyEmailSignInTitle}</h2>
          <p>{UI_TEXT.verifyEmailSignIn}</p>
        </section>
      )}
      {providerList.length > 0 && (
        <ProviderButtons
          providers={providerList}
          going={providers.going}
          busy={busy !== null || providers.going !== null || providers.finishing}
          onChoose={(id) => {
            setError(null);
            setNotice(null);
            void providers.go(id);
          }}
        />
      )}
      {providerList.length > 0 && passwordOn && <OrRule />}
      {!passwordOn && <FormMessage error={error?.message} notice={notice ?? (providers.finishing ? OIDC_TEXT.finishing : null)} errorId={errorId} />}
      {passwordOn && (
      <form ref={form} className={authStyles.form} onSubmit={onSubmit} aria-busy={busy !== null} noValidate>
        <Field
          label="Email"
          type="email"
          {...fieldProps('email')}
          autoComplete="email"
          inputMode="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          required
        />
        <Field
          label="Password"
          type="password"
          {...fieldProps('password')}
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          required
        />
        <div className={authStyles.optional}>
          <Field
            label={UI_TEXT.signUpFirstName}
            {...fieldProps('first_name')}
            aria-describedby={[fieldProps('first_name')['aria-describedby'], hintId].filter(Boolean).join(' ')}
            autoComplete="given-name"
            maxLength={FIRST_NAME_MAX_LENGTH}
            value={firstName}
            onChange={(event) => setFirstName(event.target.value)}
          />
          <p id={hintId} className={authStyles.hint}>
            {UI_TEXT.signUpFirstNameHint}
          </p>
        </div>
        <FormMessage error={error?.message} notice={notice ?? (providers.finishing ? OIDC_TEXT.finishing : null)} errorId={errorId} />
        <div className={authStyles.actions}>
          <BusyButton type="submit" className={ui.primary} busy={busy !== null}>
            {busy === 'login' ? 'Signing in…' : inviting ? MESSAGES.signInAndJoin : 'Login'}
          </BusyButton>
          <BusyButton className={ui.secondary} busy={busy !== null} onClick={() => void run('register')}>
            {busy === 'register' ? 'Creating…' : inviting ? MESSAGES.createAccountAndJoin : 'Register'}
          </BusyButton>
        </div>
        <BusyButton className={ui.link} busy={busy !== null} onClick={() => void run('reset')}>
          {busy === 'reset' ? UI_TEXT.sendingResetLink : 'Forgot password?'}
        </BusyButton>
      </form>
      )}
    </AuthLayout>
  );
}

/** What the sign-in screen says of a session the server ended on this device. */
function endedText({ email, unsent, accountDeleted }: EndedSession): string {
  if (accountDeleted) return UI_TEXT.accountDeletedElsewhere(email);
  return unsent > 0 ? UI_TEXT.sessionEndedUnsent(email, unsent) : UI_TEXT.sessionEnded(email);
}

/**
 * The session the server ended on this device, read when the screen opens; its e-mail address
 * fills the field unless something was typed already (or the account is gone). Signed out, a cache is only there after an
 * ended session: only then is its reader loaded, with the signed-in app that signing in needs next.
 */
function useEndedSession(setEmail: (update: (typed: string) => string) => void): EndedSession | null {
  const [ended, setEnded] = useState<EndedSession | null>(null);
  useEffect(() => {
    if (localStore.getItem(STORAGE_KEYS.cache) === null) return;
    let current = true;
    void import('../../core/store/ended-session.ts').then(async ({ readEndedSession, forgetDeletedAccount }) => {
      const session = await readEndedSession();
      if (!current || !session) return;
      setEnded(session);
      if (session.accountDeleted) forgetDeletedAccount();
      else setEmail((typed) => typed || session.email);
    });
    return () => {
      current = false;
    };
  }, [setEmail]);
  return ended;
}
