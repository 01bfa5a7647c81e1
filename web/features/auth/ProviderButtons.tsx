import { OIDC_TEXT } from '../../../common/oidc.ts';
import type { SignInMethods } from '../../../common/schemas/oidc.ts';
import { BusyButton } from '../../ui/BusyButton.tsx';
import ui from '../../ui/ui.module.css';
import { authStyles } from './AuthLayout.tsx';

/**
 * A button per identity provider. One that cannot be reached says so, and stays a button: pressing
 * it tries the provider again, and says why when it is still down.
 */
export function ProviderButtons({
  providers,
  going,
  busy,
  onChoose,
}: {
  providers: SignInMethods['providers'];
  going: string | null;
  busy: boolean;
  onChoose: (provider: string) => void;
}) {
  return (
    <div className={authStyles.providers}>
      {providers.map((provider) => (
        <BusyButton key={provider.id} className={ui.secondary} busy={busy} onClick={() => onChoose(provider.id)}>
          {going === provider.id
            ? OIDC_TEXT.redirecting
            : provider.available
              ? OIDC_TEXT.signInWith(provider.label)
              : OIDC_TEXT.signInWithUnavailable(provider.label)}
        </BusyButton>
      ))}
    </div>
  );
}

/** The rule between the providers' buttons and the password form. */
export function OrRule() {
  return (
    <p className={authStyles.or} aria-hidden>
      <span>{OIDC_TEXT.or}</span>
    </p>
  );
}
