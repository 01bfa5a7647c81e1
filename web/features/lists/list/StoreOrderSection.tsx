import { useEffect, useState, type FormEvent } from 'react';
import { STORE_NAME_MAX_LENGTH } from '../../../../common/constants.ts';
import { STORE_ORDER_TEXT } from '../../../../common/store-order.ts';
import { trimUnseen } from '../../../../common/unseen-text.ts';
import { ConfirmDialog } from '../../../ui/ConfirmDialog.tsx';
import modal from '../../../ui/Modal.module.css';
import ui from '../../../ui/ui.module.css';
import { useAppState } from '../../../core/store/app-state.ts';
import { loadStoreOrder, resetStoreOrderAction, setStoreAction, useLearnedStoreOrder } from '../../store-order/index.ts';
import styles from './ListSettingsModal.module.css';

/**
 * List Settings' store order: the store this device shops the list in, how many trips its order
 * was learned from, and Reset (asked first: it forgets for every member).
 */
export function StoreOrderSection({ listId, editable }: { listId: string; editable: boolean }) {
  const store = useAppState((state) => state.view[listId]?.store ?? '');
  const learned = useLearnedStoreOrder(listId);
  const [typed, setTyped] = useState(store);
  const [confirming, setConfirming] = useState(false);

  useEffect(() => {
    loadStoreOrder(listId).catch(() => undefined);
  }, [listId, store]);

  function save(event?: FormEvent) {
    event?.preventDefault();
    const name = trimUnseen(typed);
    setTyped(name);
    if (name !== store) setStoreAction(listId, name);
  }

  async function reset() {
    setConfirming(false);
    await resetStoreOrderAction(listId);
  }

  const known = learned.stores.filter((entry) => entry.name !== '');
  return (
    <section className={modal.section} aria-labelledby="store-order-title">
      <h3 id="store-order-title" className={modal.sectionTitle}>
        {STORE_ORDER_TEXT.title}
      </h3>
      <p className={styles.hint}>{STORE_ORDER_TEXT.hint}</p>
      <label htmlFor="store-name" className={styles.storeLabel}>
        {STORE_ORDER_TEXT.storeLabel}
      </label>
      <form className={styles.addPrompt} onSubmit={save} noValidate>
        <input
          id="store-name"
          name="store"
          className={`${ui.input} ${styles.promptInput}`}
          dir="auto"
          list={known.length > 0 ? 'known-stores' : undefined}
          maxLength={STORE_NAME_MAX_LENGTH}
          placeholder={STORE_ORDER_TEXT.storePlaceholder}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
        />
        {known.length > 0 && (
          <datalist id="known-stores">
            {known.map((entry) => (
              <option key={entry.name} value={entry.name} />
            ))}
          </datalist>
        )}
        <button type="submit" className={ui.secondary}>
          {STORE_ORDER_TEXT.save}
        </button>
      </form>
      <p className={styles.learned} role="status">
        {STORE_ORDER_TEXT.learnedFrom(learned.trips)}
      </p>
      {editable && learned.trips > 0 && (
        <button type="button" className={ui.secondary} onClick={() => setConfirming(true)}>
          {STORE_ORDER_TEXT.reset}
        </button>
      )}
      <ConfirmDialog
        open={confirming}
        title={STORE_ORDER_TEXT.resetTitle}
        message={STORE_ORDER_TEXT.resetMessage(store)}
        confirmLabel={STORE_ORDER_TEXT.resetConfirm}
        onConfirm={() => void reset()}
        onCancel={() => setConfirming(false)}
      />
    </section>
  );
}
