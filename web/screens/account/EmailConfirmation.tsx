import { CircleAlert, CircleCheck } from 'lucide-react';
import { useState } from 'react';
import { UI_TEXT } from '../../../common/messages.ts';
import { resendVerification } from '../../api/auth.ts';
import { BusyButton } from '../../components/BusyButton.tsx';
import { messageOf } from '../../components/errors.ts';
import { FormMessage } from '../../components/FormMessage.tsx';
import ui from '../../components/ui.module.css';
import styles from './AccountScreen.module.css';

/** The id of the confirmation state, which describes the e-mail field for screen readers. */
export const EMAIL_STATE_ID = 'email-state';

/** Whether the address is proven; when not, why that matters and a new link on request. */
export function EmailConfirmation({ verified }: { verified: boolean }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  async function resend() {
    setBusy(true);
    setError(null);
    setNotice(null);
    try {
      setNotice((await resendVerification()).message);
    } catch (failure) {
      setError(messageOf(failure, UI_TEXT.resendVerificationFailed));
    } finally {
      setBusy(false);
    }
  }

  const Icon = verified ? CircleCheck : CircleAlert;
  return (
    <>
      <p id={EMAIL_STATE_ID} className={verified ? styles.emailConfirmed : styles.emailUnconfirmed} data-testid="email-state">
        <Icon size={18} aria-hidden />
        {verified ? UI_TEXT.emailConfirmed : UI_TEXT.emailNotConfirmed}
      </p>
      {!verified && (
        <>
          <p className={styles.hint}>{UI_TEXT.emailUnconfirmedHint}</p>
          <BusyButton className={ui.secondary} busy={busy} onClick={() => void resend()}>
            {busy ? UI_TEXT.resendingVerification : UI_TEXT.resendVerification}
          </BusyButton>
          <FormMessage error={error} notice={notice} />
        </>
      )}
    </>
  );
}
