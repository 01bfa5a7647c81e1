import { Check, Copy } from 'lucide-react';
import { useRef } from 'react';
import { COPIED_LINK_MS } from '../../../common/constants.ts';
import { UI_TEXT } from '../../../common/messages.ts';
import ui from '../../ui/ui.module.css';
import { useFleetingNotice } from '../../ui/useFleetingNotice.ts';
import styles from './ShareListModal.module.css';

/** Copies a link; without clipboard permission, `fallback` is selected for the user to copy. */
export async function copyLink(link: string, fallback: HTMLInputElement | null): Promise<void> {
  try {
    await navigator.clipboard.writeText(link);
  } catch {
    fallback?.select();
    document.execCommand?.('copy');
  }
}

/**
 * A link to pass on, with a copy button that says "Copied!" for 2 s: the share link
 * `{origin}/join/{listId}`, a pending invitation's one-time link (decision 047), or a new access token.
 */
export function ShareLinkField({
  link,
  label = 'Share link',
  name = 'shareLink',
  copyLabel = 'Copy link',
}: {
  link: string;
  label?: string;
  name?: string;
  copyLabel?: string;
}) {
  const [copied, showCopied] = useFleetingNotice(COPIED_LINK_MS);
  const input = useRef<HTMLInputElement>(null);

  async function copy() {
    await copyLink(link, input.current);
    showCopied(UI_TEXT.copied);
  }

  return (
    <div className={styles.linkRow}>
      <input ref={input} name={name} className={`${ui.input} ${styles.linkInput}`} readOnly value={link} aria-label={label} onFocus={(e) => e.target.select()} />
      <button type="button" className={`${ui.secondary} ${styles.copy}`} onClick={() => void copy()}>
        {copied ? <Check size={18} aria-hidden /> : <Copy size={18} aria-hidden />}
        <span>{copied ?? copyLabel}</span>
      </button>
      <span role="status" className="visually-hidden">
        {copied ?? ''}
      </span>
    </div>
  );
}
