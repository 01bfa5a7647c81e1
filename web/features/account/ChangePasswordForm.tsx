import { useState, type ChangeEvent, type FormEvent } from 'react';
import { PASSWORD_MIN_LENGTH, SETTINGS_SUCCESS_MS } from '../../../common/constants.ts';
import { MESSAGES, SERVER_MESSAGES } from '../../../common/messages.ts';
import { changePassword } from '../auth/index.ts';
import { BusyButton } from '../../ui/BusyButton.tsx';
import { Field } from '../../ui/Field.tsx';
import { FormMessage } from '../../ui/FormMessage.tsx';
import ui from '../../ui/ui.module.css';
import { messageOf } from '../../core/net/errors.ts';
import { useFieldError } from '../../ui/useFieldError.ts';
import { useFleetingNotice } from '../../ui/useFleetingNotice.ts';
import styles from '../../ui/SettingsPage.module.css';

type PasswordField = 'currentPassword' | 'newPassword' | 'confirmPassword';

/**
 * Current password, new password twice; three checks before calling the server.
 * `onChanged`: the server ended the other sessions and the linked apps.
 */
export function ChangePasswordForm({ onChanged }: { onChanged: () => void }) {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);
  const { error, setError, errorId, form, fieldProps } = useFieldError<PasswordField>();
  const [notice, showNotice] = useFleetingNotice(SETTINGS_SUCCESS_MS);
  /** The props that tie a field to the error about it, and let an edit of the form clear the outcome. */
  const editable = (field: PasswordField, set: (value: string) => void) => ({
    ...fieldProps(field),
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      set(event.target.value);
      setError(null);
      showNotice(null);
    },
  });

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    showNotice(null);
    if (!current) return setError({ message: MESSAGES.currentPasswordRequired, fields: ['currentPassword'] });
    if (next.length < PASSWORD_MIN_LENGTH) return setError({ message: MESSAGES.newPasswordTooShort, fields: ['newPassword'] });
    if (next !== confirm) return setError({ message: MESSAGES.newPasswordsDoNotMatch, fields: ['confirmPassword'] });
    setError(null);
    setBusy(true);
    try {
      await changePassword(current, next);
      showNotice(MESSAGES.passwordChanged);
      onChanged();
      setCurrent('');
      setNext('');
      setConfirm('');
    } catch (failure) {
      // The server refuses the current password, or the new one (too long).
      const message = messageOf(failure, MESSAGES.passwordChangeFailed);
      setError({ message, fields: [message === SERVER_MESSAGES.currentPasswordWrong ? 'currentPassword' : 'newPassword'] });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form ref={form} className={styles.form} onSubmit={(event) => void onSubmit(event)} noValidate>
      <Field label="Current password" type="password" autoComplete="current-password" value={current} {...editable('currentPassword', setCurrent)} />
      <Field label="New password" type="password" autoComplete="new-password" value={next} {...editable('newPassword', setNext)} />
      <Field label="Confirm new password" type="password" autoComplete="new-password" value={confirm} {...editable('confirmPassword', setConfirm)} />
      <FormMessage error={error?.message} notice={notice} errorId={errorId} />
      <BusyButton type="submit" className={ui.primary} busy={busy}>
        Change Password
      </BusyButton>
    </form>
  );
}
