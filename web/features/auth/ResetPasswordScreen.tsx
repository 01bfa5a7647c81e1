import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PASSWORD_MIN_LENGTH } from '../../../common/constants.ts';
import { MESSAGES, SERVER_MESSAGES } from '../../../common/messages.ts';
import { couldBeLinkToken } from '../../../common/schemas/auth.ts';
import { confirmPasswordReset } from './auth-api.ts';
import { BusyButton } from '../../ui/BusyButton.tsx';
import { messageOf } from '../../core/net/errors.ts';
import { Field } from '../../ui/Field.tsx';
import { FormMessage } from '../../ui/FormMessage.tsx';
import ui from '../../ui/ui.module.css';
import { useFieldError } from '../../ui/useFieldError.ts';
import { AuthLayout, authStyles } from './AuthLayout.tsx';

/** The page a reset link opens: choose a new password, then continue signed in. */
export function ResetPasswordScreen() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);
  const { error, setError, errorId, form, fieldProps } = useFieldError<'newPassword' | 'confirmPassword'>();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (password.length < PASSWORD_MIN_LENGTH) return setError({ message: MESSAGES.newPasswordTooShort, fields: ['newPassword'] });
    if (password !== confirm) return setError({ message: MESSAGES.newPasswordsDoNotMatch, fields: ['confirmPassword'] });
    setBusy(true);
    setError(null);
    try {
      await confirmPasswordReset({ token, newPassword: password });
      navigate('/', { replace: true });
    } catch (failure) {
      // The server refuses the link (used, expired: no field can fix that), or the new password (too long).
      const message = messageOf(failure, MESSAGES.passwordChangeFailed);
      setError({ message, fields: message === SERVER_MESSAGES.passwordTooLong ? ['newPassword'] : [] });
      setBusy(false);
    }
  }

  return (
    <AuthLayout title="Set a new password">
      {token && !couldBeLinkToken(token) ? (
        <p role="alert">{SERVER_MESSAGES.resetLinkInvalid}</p>
      ) : token ? (
        <form ref={form} className={authStyles.form} onSubmit={(event) => void onSubmit(event)} aria-busy={busy} noValidate>
          <Field
            label="New password"
            {...fieldProps('newPassword')}
            type="password"
            autoComplete="new-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
          <Field
            label="Confirm new password"
            {...fieldProps('confirmPassword')}
            type="password"
            autoComplete="new-password"
            value={confirm}
            onChange={(event) => setConfirm(event.target.value)}
          />
          <FormMessage error={error?.message} errorId={errorId} />
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
