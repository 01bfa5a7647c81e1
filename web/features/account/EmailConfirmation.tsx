import { CircleAlert, CircleCheck } from 'lucide-react';
import { UI_TEXT } from '../../../common/messages.ts';
import { BusyButton } from '../../ui/BusyButton.tsx';
import { FormMessage } from '../../ui/FormMessage.tsx';
import { useResendVerification } from './useResendVerification.ts';
import ui from '../../ui/ui.module.css';
import styles from '../../ui/SettingsPage.module.css';

/** The id of the confirmation state, which describes the e-mail field for screen readers. */
export const EMAIL_STATE_ID = 'email-state';

/** Whether the address is proven; when not, why that matters and a new link on request. */
export function EmailConfirmation({ verified }: { verified: boolean }) {
  const { busy, error, notice, resend } = useResendVerification();

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
