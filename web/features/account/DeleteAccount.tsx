import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { MESSAGES, SERVER_MESSAGES, UI_TEXT } from '../../../common/messages.ts';
import { deleteAccount, type LoginNotice } from '../auth/index.ts';
import { BusyButton } from '../../ui/BusyButton.tsx';
import { Field } from '../../ui/Field.tsx';
import { FormMessage } from '../../ui/FormMessage.tsx';
import { Modal } from '../../ui/Modal.tsx';
import modalStyles from '../../ui/Modal.module.css';
import ui from '../../ui/ui.module.css';
import { messageOf } from '../../core/net/errors.ts';
import { useFieldError } from '../../ui/useFieldError.ts';
import styles from '../../ui/SettingsPage.module.css';

/** The account's last card: what deleting it does, and a dialog that asks for the password first. */
export function DeleteAccount() {
  const [open, setOpen] = useState(false);
  return (
    <section className={styles.card} aria-labelledby="delete-account-title">
      <h2 id="delete-account-title">{UI_TEXT.deleteAccount}</h2>
      <p className={styles.explained}>{UI_TEXT.deleteAccountExplained}</p>
      <button type="button" className={ui.danger} onClick={() => setOpen(true)}>
        Delete account…
      </button>
      <Modal open={open} onOpenChange={setOpen} title={UI_TEXT.deleteAccount} description={UI_TEXT.deleteAccountExplained}>
        <DeleteAccountForm onCancel={() => setOpen(false)} />
      </Modal>
    </section>
  );
}

function DeleteAccountForm({ onCancel }: { onCancel: () => void }) {
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const { error, setError, errorId, form, fieldProps } = useFieldError<'currentPassword'>();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!password) return setError({ message: MESSAGES.currentPasswordRequired, fields: ['currentPassword'] });
    setError(null);
    setBusy(true);
    try {
      await deleteAccount(password);
      navigate('/', { replace: true, state: { notice: UI_TEXT.accountDeleted } satisfies LoginNotice });
    } catch (failure) {
      // Only a wrong password is the field's fault; no network or too many tries is not.
      const message = messageOf(failure, UI_TEXT.deleteAccountFailed);
      setError({ message, fields: message === SERVER_MESSAGES.currentPasswordWrong ? ['currentPassword'] : [] });
      setBusy(false);
    }
  }

  return (
    <form ref={form} className={styles.form} onSubmit={(event) => void onSubmit(event)} noValidate>
      <Field
        label="Current password"
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(event) => {
          setPassword(event.target.value);
          setError(null);
        }}
        {...fieldProps('currentPassword')}
        autoFocus
      />
      <FormMessage error={error?.message} errorId={errorId} />
      <div className={modalStyles.actions}>
        <button type="button" className={ui.secondary} onClick={onCancel}>
          Cancel
        </button>
        <BusyButton type="submit" className={ui.danger} busy={busy} aria-busy={busy}>
          {busy ? 'Deleting…' : 'Delete account'}
        </BusyButton>
      </div>
    </form>
  );
}
