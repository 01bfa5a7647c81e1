import { useState, type FormEvent } from 'react';
import { PASSWORD_MIN_LENGTH } from '../../../common/constants.ts';
import { MESSAGES } from '../../../common/messages.ts';
import { changePassword } from '../../api/auth.ts';
import { BusyButton } from '../../components/BusyButton.tsx';
import { Field } from '../../components/Field.tsx';
import { FormMessage } from '../../components/FormMessage.tsx';
import ui from '../../components/ui.module.css';
import { messageOf } from '../../components/errors.ts';
import styles from './AccountScreen.module.css';

/**
 * Current password, new password twice; the spec's three checks before calling the server.
 * `onChanged`: the server ended the other sessions and the linked apps.
 */
export function ChangePasswordForm({ onChanged }: { onChanged: () => void }) {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setNotice(null);
    if (!current) return setError(MESSAGES.currentPasswordRequired);
    if (next.length < PASSWORD_MIN_LENGTH) return setError(MESSAGES.newPasswordTooShort);
    if (next !== confirm) return setError(MESSAGES.newPasswordsDoNotMatch);
    setError(null);
    setBusy(true);
    try {
      await changePassword(current, next);
      setNotice(MESSAGES.passwordChanged);
      onChanged();
      setCurrent('');
      setNext('');
      setConfirm('');
    } catch (failure) {
      setError(messageOf(failure, MESSAGES.passwordChangeFailed));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className={styles.form} onSubmit={(event) => void onSubmit(event)} noValidate>
      <Field label="Current password" name="currentPassword" type="password" autoComplete="current-password" value={current} onChange={(e) => setCurrent(e.target.value)} />
      <Field label="New password" name="newPassword" type="password" autoComplete="new-password" value={next} onChange={(e) => setNext(e.target.value)} />
      <Field label="Confirm new password" name="confirmPassword" type="password" autoComplete="new-password" value={confirm} onChange={(e) => setConfirm(e.target.value)} />
      <FormMessage error={error} notice={notice} />
      <BusyButton type="submit" className={ui.primary} busy={busy}>
        Change Password
      </BusyButton>
    </form>
  );
}
