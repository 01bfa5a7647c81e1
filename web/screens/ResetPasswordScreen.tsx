import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PASSWORD_MIN_LENGTH } from '../../common/constants.ts';
import { MESSAGES, SERVER_MESSAGES } from '../../common/messages.ts';
import { couldBeLinkToken } from '../../common/schemas/auth.ts';
import { confirmPasswordReset } from '../api/auth.ts';
import { BusyButton } from '../components/BusyButton.tsx';
import { messageOf } from '../components/errors.ts';
import { Field } from '../components/Field.tsx';
import { FormMessage } from '../components/FormMessage.tsx';
import ui from '../components/ui.module.css';
import { AuthLayout, authStyles } from './AuthLayout.tsx';

/** The page a reset link opens: choose a new password, then continue signed in. */
export function ResetPasswordScreen() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (password.length < PASSWORD_MIN_LENGTH) return setError(MESSAGES.newPasswordTooShort);
    if (password !== confirm) return setError(MESSAGES.newPasswordsDoNotMatch);
    setBusy(true);
    setError(null);
    try {
      await confirmPasswordReset({ token, newPassword: password });
      navigate('/', { replace: true });
    } catch (failure) {
      setError(messageOf(failure, MESSAGES.passwordChangeFailed));
      setBusy(false);
    }
  }

  return (
    <AuthLayout title="Set a new password">
      {token && !couldBeLinkToken(token) ? (
        <p role="alert">{SERVER_MESSAGES.resetLinkInvalid}</p>
      ) : token ? (
        <form className={authStyles.form} onSubmit={(event) => void onSubmit(event)} aria-busy={busy} noValidate>
          <Field
            label="New password"
            name="newPassword"
            type="password"
            autoComplete="new-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
          <Field
            label="Confirm new password"
            name="confirmPassword"
            type="password"
            autoComplete="new-password"
            value={confirm}
            onChange={(event) => setConfirm(event.target.value)}
          />
          <FormMessage error={error} />
          <BusyButton type="submit" className={ui.primary} busy={busy}>
            {busy ? 'Saving…' : 'Set password'}
          </BusyButton>
        </form>
      ) : (
        <p>This link is incomplete. Ask for a new one from the sign-in page.</p>
      )}
      <Link to="/" className={ui.link}>
        Back to sign in
      </Link>
    </AuthLayout>
  );
}
