import { Check, Copy } from 'lucide-react';
import { useRef } from 'react';
import { COPIED_LINK_MS, JOIN_PATH_PREFIX } from '../../../common/constants.ts';
import { UI_TEXT } from '../../../common/messages.ts';
import ui from '../../components/ui.module.css';
import { useFleetingNotice } from '../../components/useFleetingNotice.ts';
import styles from './ShareListModal.module.css';

/** The share link `{origin}/join/{listId}` with a copy button that says "Copied!" for 2 s. */
export function ShareLinkField({ listId }: { listId: string }) {
  const link = `${window.location.origin}${JOIN_PATH_PREFIX}${listId}`;
  const [copied, showCopied] = useFleetingNotice(COPIED_LINK_MS);
  const input = useRef<HTMLInputElement>(null);

  async function copy() {
    try {
      await navigator.clipboard.writeText(link);
    } catch {
      // No clipboard permission: select the text so the user can copy it themselves.
      input.current?.select();
      document.execCommand?.('copy');
    }
    showCopied(UI_TEXT.copied);
  }

  return (
    <div className={styles.linkRow}>
      <input ref={input} name="shareLink" className={`${ui.input} ${styles.linkInput}`} readOnly value={link} aria-label="Share link" onFocus={(e) => e.target.select()} />
      <button type="button" className={`${ui.secondary} ${styles.copy}`} onClick={() => void copy()}>
        {copied ? <Check size={18} aria-hidden /> : <Copy size={18} aria-hidden />}
        <span>{copied ?? 'Copy link'}</span>
      </button>
      <span role="status" className="visually-hidden">
        {copied ?? ''}
      </span>
    </div>
  );
}
