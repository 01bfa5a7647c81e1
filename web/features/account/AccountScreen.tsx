import { ArrowLeft } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { APP_VERSION, FIRST_NAME_MAX_LENGTH, SETTINGS_SUCCESS_MS } from '../../../common/constants.ts';
import { MESSAGES, UI_TEXT } from '../../../common/messages.ts';
import type { UserView } from '../../../common/schemas/auth.ts';
import { trimUnseen } from '../../../common/unseen-text.ts';
import { fetchAdminContacts } from '../admin/index.ts';
import { refreshUser, updateProfile } from '../auth/index.ts';
import type { AdminContactsResponse } from '../../../common/schemas/admin.ts';
import { ADMIN_TEXT } from '../../../common/admin.ts';
import { ApiError } from '../../core/net/client.ts';
import { AppHeader } from './AppHeader.tsx';
import { BusyButton } from '../../ui/BusyButton.tsx';
import { Field, ReadOnlyField } from '../../ui/Field.tsx';
import { FormMessage } from '../../ui/FormMessage.tsx';
import { useFleetingNotice } from '../../ui/useFleetingNotice.ts';
import { useFieldError } from '../../ui/useFieldError.ts';
import { useFocusOnArrival } from '../../ui/useFocusOnArrival.ts';
import ui from '../../ui/ui.module.css';
import { messageOf } from '../../core/net/errors.ts';
import { AccessTokens } from './AccessTokens.tsx';
import { ChangePasswordForm } from './ChangePasswordForm.tsx';
import { DeleteAccount } from './DeleteAccount.tsx';
import { EMAIL_STATE_ID, EmailConfirmation } from './EmailConfirmation.tsx';
import { ImportExport } from './ImportExport.tsx';
import { LinkedApps } from './LinkedApps.tsx';
import { Notifications } from './Notifications.tsx';
import { SignInProviders } from './SignInProviders.tsx';
import styles from '../../ui/SettingsPage.module.css';

/**
 * Account Settings: e-mail and whether it is confirmed, first name, AI access,
 * password, identity providers, notifications on this device, apps and tokens, linked apps, deleting the account, version.
 */
export function AccountScreen({ user }: { user: UserView }) {
  const [firstName, setFirstName] = useState(user.first_name ?? '');
  const [busy, setBusy] = useState(false);
  const { error, setError, errorId, form, fieldProps } = useFieldError<'firstName'>();
  const [notice, showNotice] = useFleetingNotice(SETTINGS_SUCCESS_MS);
  const heading = useFocusOnArrival<HTMLHeadingElement>();
  const [passwordChanges, setPasswordChanges] = useState(0);
  const [contacts, setContacts] = useState<AdminContactsResponse | null>(null);
  useEffect(() => {
    refreshUser().catch(() => undefined);
    // Who can turn AI on, and whether this account is one of them (the page's link).
    fetchAdminContacts()
      .then(setContacts)
      .catch(() => undefined);
  }, []);

  async function saveProfile(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    // An earlier save's success must not stand beside this one's failure.
    showNotice(null);
    try {
      // Cleaned as the server stores names: a pasted control character is a space, not a refusal.
      const saved = await updateProfile(trimUnseen(firstName));
      // The field shows what was stored (trimmed), not what was typed.
      setFirstName(saved.first_name ?? '');
      showNotice(MESSAGES.profileUpdated);
    } catch (failure) {
      // A refusal (400) is about the name; no network or a server fault is about no field.
      const aboutName = failure instanceof ApiError && failure.status === 400;
      setError({ message: messageOf(failure, MESSAGES.profileUpdateFailed), fields: aboutName ? ['firstName'] : [] });
    } finally {
      setBusy(false);
    }
  }

  const back = (
    <Link to="/" className={ui.iconButton} aria-label="Back to lists">
      <ArrowLeft size={22} aria-hidden />
    </Link>
  );
  return (
    <>
      <AppHeader leading={back} />
      <main className={styles.main}>
        <h1 ref={heading} tabIndex={-1} className={styles.title}>
          {UI_TEXT.accountSettings}
        </h1>
        <section className={styles.card} aria-labelledby="profile-title">
          <h2 id="profile-title">Profile</h2>
          <div className={styles.form}>
            <ReadOnlyField label="Email" name="email" autoComplete="email" value={user.email} aria-describedby={EMAIL_STATE_ID} />
            <EmailConfirmation verified={user.email_verified} />
          </div>
          <form ref={form} className={styles.form} onSubmit={(event) => void saveProfile(event)}>
            <Field
              label="First Name"
              autoComplete="given-name"
              maxLength={FIRST_NAME_MAX_LENGTH}
              value={firstName}
              {...fieldProps('firstName')}
              onChange={(event) => {
                setFirstName(event.target.value);
                setError(null);
              }}
            />
            <FormMessage error={error?.message} notice={notice} errorId={errorId} />
            <BusyButton type="submit" className={ui.primary} busy={busy}>
              Save
            </BusyButton>
          </form>
          <p className={styles.aiStatus}>
            AI access: <strong data-testid="ai-status">{user.can_use_ai ? 'enabled' : 'disabled'}</strong>
            {!user.can_use_ai && contacts && (
              <>
                {' '}
                <span data-testid="ai-contacts">{askAbout(contacts)}</span>
              </>
            )}
          </p>
        </section>
        {contacts?.is_admin && (
          <section className={styles.card} aria-labelledby="admin-title">
            <h2 id="admin-title">{ADMIN_TEXT.title}</h2>
            <p className={styles.explained}>{ADMIN_TEXT.linkExplained}</p>
            <Link to="/admin" className={ui.secondary}>
              {ADMIN_TEXT.link}
            </Link>
          </section>
        )}
        <section className={styles.card} aria-labelledby="password-title">
          <h2 id="password-title">Change Password</h2>
          <p className={styles.explained}>{UI_TEXT.changePasswordExplained}</p>
          <ChangePasswordForm onChanged={() => setPasswordChanges((count) => count + 1)} />
        </section>
        <ImportExport />
        <SignInProviders />
        <Notifications />
        {/* Read again after a password change, which unlinked them all and revoked every token. */}
        <AccessTokens key={`tokens-${passwordChanges}`} />
        <LinkedApps key={passwordChanges} />
        <DeleteAccount />
        <p className={styles.version}>Version {APP_VERSION}</p>
      </main>
    </>
  );
}

/** Who to ask for AI: the administrators by name and address, or the server's administrator when none is known. */
function askAbout({ administrators }: AdminContactsResponse): string {
  if (administrators.length === 0) return ADMIN_TEXT.askTheAdmin;
  return ADMIN_TEXT.askAnAdmin(administrators.map(({ name, email }) => `${name} (${email})`));
}
