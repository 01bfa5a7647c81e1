import { ArrowLeft } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { ADMIN_TEXT, formatBytes } from '../../../common/admin.ts';
import type { AdminServerResponse, AdminUserView } from '../../../common/schemas/admin.ts';
import type { UserView } from '../../../common/schemas/auth.ts';
import { confirmAddress, deleteUser, fetchServerFacts, fetchUsers, setAiAccess, setDisabled } from './admin-api.ts';
import { ApiError } from '../../core/net/client.ts';
import { AppHeader } from '../account/index.ts';
import accountStyles from '../../ui/SettingsPage.module.css';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { messageOf } from '../../core/net/errors.ts';
import { FormMessage } from '../../ui/FormMessage.tsx';
import { SwitchField } from '../../ui/SwitchField.tsx';
import ui from '../../ui/ui.module.css';
import { useFocusOnArrival } from '../../ui/useFocusOnArrival.ts';
import styles from './AdminScreen.module.css';

type Loaded =
  | { state: 'loading' }
  | { state: 'refused' }
  | { state: 'failed'; message: string }
  | { state: 'ready'; facts: AdminServerResponse; users: AdminUserView[]; nextAfter: string | null };

/** An action that asks first: disabling signs the account out everywhere, deleting cannot be undone. */
type Asking = { kind: 'disable' | 'delete'; user: AdminUserView } | null;

/**
 * The administrators' page (docs/api.md "Administration"): the server's facts, and the users page
 * by page with what each holds, to switch AI access, confirm an address, disable, enable or delete
 * an account. Anyone else gets a screen that says the page is not for them.
 */
export function AdminScreen({ user: me }: { user: UserView }) {
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const [outcome, setOutcome] = useState<{ error?: string; notice?: string }>({});
  const [asking, setAsking] = useState<Asking>(null);
  const heading = useFocusOnArrival<HTMLHeadingElement>();

  useEffect(() => {
    let current = true;
    Promise.all([fetchServerFacts(), fetchUsers(null)])
      .then(([facts, page]) => current && setLoaded({ state: 'ready', facts, users: page.users, nextAfter: page.next_after }))
      .catch((failure: unknown) => {
        if (!current) return;
        setLoaded(failure instanceof ApiError && failure.status === 403 ? { state: 'refused' } : { state: 'failed', message: messageOf(failure, ADMIN_TEXT.loadFailed) });
      });
    return () => {
      current = false;
    };
  }, []);

  const replace = (next: AdminUserView) =>
    setLoaded((was) => (was.state === 'ready' ? { ...was, users: was.users.map((user) => (user.id === next.id ? next : user)) } : was));

  async function act(run: () => Promise<string>) {
    setOutcome({});
    try {
      setOutcome({ notice: await run() });
    } catch (failure) {
      setOutcome({ error: messageOf(failure, ADMIN_TEXT.actionFailed) });
    }
  }

  const actions: UserActions = {
    setAi: (user, on) =>
      act(async () => {
        replace(await setAiAccess(user.id, on));
        return ADMIN_TEXT.aiDone(user.email, on);
      }),
    confirm: (user) =>
      act(async () => {
        replace(await confirmAddress(user.id));
        return ADMIN_TEXT.confirmedDone(user.email);
      }),
    enable: (user) =>
      act(async () => {
        replace(await setDisabled(user.id, false));
        return ADMIN_TEXT.enabledDone(user.email);
      }),
    ask: setAsking,
  };

  function confirmAsked() {
    if (!asking) return;
    const { kind, user } = asking;
    setAsking(null);
    void act(async () => {
      if (kind === 'disable') {
        replace(await setDisabled(user.id, true));
        return ADMIN_TEXT.disabledDone(user.email);
      }
      await deleteUser(user);
      setLoaded((was) => (was.state === 'ready' ? { ...was, users: was.users.filter((other) => other.id !== user.id) } : was));
      return ADMIN_TEXT.deletedDone(user.email);
    });
  }

  async function showMore(after: string) {
    try {
      const page = await fetchUsers(after);
      setLoaded((was) => (was.state === 'ready' ? { ...was, users: [...was.users, ...page.users], nextAfter: page.next_after } : was));
    } catch (failure) {
      setOutcome({ error: messageOf(failure, ADMIN_TEXT.loadFailed) });
    }
  }

  const back = (
    <Link to="/account" className={ui.iconButton} aria-label={ADMIN_TEXT.back}>
      <ArrowLeft size={22} aria-hidden />
    </Link>
  );
  return (
    <>
      <AppHeader leading={back} />
      <main className={accountStyles.main}>
        <h1 ref={heading} tabIndex={-1} className={accountStyles.title}>
          {loaded.state === 'refused' ? ADMIN_TEXT.notAdminTitle : ADMIN_TEXT.title}
        </h1>
        {loaded.state === 'loading' && <p role="status">{ADMIN_TEXT.loading}</p>}
        {loaded.state === 'failed' && <p role="alert">{loaded.message}</p>}
        {loaded.state === 'refused' && (
          <section className={accountStyles.card}>
            <p className={accountStyles.explained}>{ADMIN_TEXT.notAdmin}</p>
            <Link to="/" className={ui.secondary}>
              {ADMIN_TEXT.toLists}
            </Link>
          </section>
        )}
        {loaded.state === 'ready' && (
          <>
            <ServerFacts facts={loaded.facts} />
            <section className={accountStyles.card} aria-labelledby="users-title">
              <h2 id="users-title">
                {ADMIN_TEXT.usersTitle}{' '}
                <span className={styles.count} data-testid="user-count">
                  ({loaded.facts.user_count})
                </span>
              </h2>
              <div className={styles.outcome}>
                <FormMessage error={outcome.error} notice={outcome.notice} />
              </div>
              <ul className={styles.users} data-testid="admin-users">
                {loaded.users.map((user) => (
                  <UserEntry key={user.id} user={user} self={user.id === me.id} actions={actions} />
                ))}
              </ul>
              {loaded.nextAfter !== null && (
                <button type="button" className={ui.secondary} onClick={() => void showMore(loaded.nextAfter!)}>
                  {ADMIN_TEXT.more}
                </button>
              )}
            </section>
          </>
        )}
      </main>
      <ConfirmDialog
        open={asking !== null}
        title={asking ? (asking.kind === 'delete' ? ADMIN_TEXT.deleteTitle(asking.user.email) : ADMIN_TEXT.disableTitle(asking.user.email)) : ''}
        message={asking ? (asking.kind === 'delete' ? ADMIN_TEXT.deleteBody(asking.user.email) : ADMIN_TEXT.disableBody(asking.user.email)) : ''}
        confirmLabel={asking?.kind === 'delete' ? ADMIN_TEXT.delete : ADMIN_TEXT.disable}
        onConfirm={confirmAsked}
        onCancel={() => setAsking(null)}
      />
    </>
  );
}

function ServerFacts({ facts }: { facts: AdminServerResponse }) {
  const rows: [string, string, string?][] = [
    [ADMIN_TEXT.version, facts.version],
    [ADMIN_TEXT.database, facts.database === 'sqlite' ? 'SQLite' : 'PostgreSQL'],
    [ADMIN_TEXT.storage, `${formatBytes(facts.storage.bytes_used)} (${facts.storage.driver === 'local' ? ADMIN_TEXT.localFiles : 'S3'})`, 'storage-used'],
    [ADMIN_TEXT.mail, facts.mail_configured ? ADMIN_TEXT.mailConfigured : ADMIN_TEXT.mailToLog],
    [ADMIN_TEXT.aiProvider, ADMIN_TEXT.providers[facts.ai_provider]],
  ];
  return (
    <section className={accountStyles.card} aria-labelledby="server-title">
      <h2 id="server-title">{ADMIN_TEXT.serverTitle}</h2>
      <dl className={styles.facts}>
        {rows.map(([term, value, testId]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd data-testid={testId}>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

interface UserActions {
  setAi(user: AdminUserView, on: boolean): Promise<void>;
  confirm(user: AdminUserView): Promise<void>;
  enable(user: AdminUserView): Promise<void>;
  ask(asking: Asking): void;
}

/** One user: who, what they hold, and what an administrator can do to the account (not to their own). */
function UserEntry({ user, self, actions }: { user: AdminUserView; self: boolean; actions: UserActions }) {
  const facts = [
    user.email_verified ? ADMIN_TEXT.confirmed : ADMIN_TEXT.unconfirmed,
    ADMIN_TEXT.lists(user.list_count),
    formatBytes(user.storage_bytes),
    ...(user.disabled ? [ADMIN_TEXT.disabled] : []),
  ];
  // Each button names its account: a screen reader's list of buttons says whose.
  const named = (action: string) => `${action} ${user.email}`;
  return (
    <li className={styles.user} data-testid="admin-user" data-disabled={user.disabled}>
      <p className={styles.who}>
        <bdi className={styles.email}>{user.email}</bdi>
        {user.first_name && <bdi className={styles.name}>{user.first_name}</bdi>}
        {self && <span className={styles.name}>{ADMIN_TEXT.you}</span>}
      </p>
      <p className={styles.state}>{facts.join(' · ')}</p>
      <SwitchField label={ADMIN_TEXT.aiAccessOf(user.email)} checked={user.can_use_ai} onCheckedChange={(on) => void actions.setAi(user, on)} />
      <div className={styles.actions}>
        {!user.email_verified && (
          <button type="button" className={ui.secondary} aria-label={named(ADMIN_TEXT.confirmAddress)} onClick={() => void actions.confirm(user)}>
            {ADMIN_TEXT.confirmAddress}
          </button>
        )}
        {!self && (
          <button
            type="button"
            className={ui.secondary}
            aria-label={named(user.disabled ? ADMIN_TEXT.enable : ADMIN_TEXT.disable)}
            onClick={() => (user.disabled ? void actions.enable(user) : actions.ask({ kind: 'disable', user }))}
          >
            {user.disabled ? ADMIN_TEXT.enable : ADMIN_TEXT.disable}
          </button>
        )}
        {!self && (
          <button type="button" className={ui.danger} aria-label={named(ADMIN_TEXT.delete)} onClick={() => actions.ask({ kind: 'delete', user })}>
            {ADMIN_TEXT.delete}
          </button>
        )}
      </div>
    </li>
  );
}
