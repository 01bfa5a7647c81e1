import { useState } from 'react';
import { UI_TEXT } from '../../../common/messages.ts';
import { resendVerification } from '../auth/index.ts';
import { messageOf } from '../../core/net/errors.ts';

/** "Send the link again" for an address not proven yet: busy meanwhile, then what the server said or why it failed. */
export function useResendVerification() {
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

  return { busy, error, notice, resend };
}
