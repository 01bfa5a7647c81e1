import type { ReactNode } from 'react';
import { useFocusOnArrival } from '../../ui/useFocusOnArrival.ts';
import styles from './AuthLayout.module.css';

/** The centred card that the sign-in and password screens share. */
export function AuthLayout({ title, children }: { title: string; children: ReactNode }) {
  // After a sign-out, a deleted account or a session ended elsewhere, the focus was on what is gone.
  const heading = useFocusOnArrival<HTMLHeadingElement>();
  return (
    <main className={styles.page}>
      <section className={styles.card} aria-labelledby="auth-title">
        <h1 ref={heading} tabIndex={-1} id="auth-title" className={styles.brand}>
          {title}
        </h1>
        {children}
      </section>
    </main>
  );
}

export { styles as authStyles };
