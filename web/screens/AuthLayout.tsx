import type { ReactNode } from 'react';
import styles from './AuthLayout.module.css';

/** The centred card that the sign-in and password screens share. */
export function AuthLayout({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main className={styles.page}>
      <section className={styles.card} aria-labelledby="auth-title">
        <h1 id="auth-title" className={styles.brand}>
          {title}
        </h1>
        {children}
      </section>
    </main>
  );
}

export { styles as authStyles };
