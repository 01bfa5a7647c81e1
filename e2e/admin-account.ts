/** The server's administrator in the browser tests (ADMIN_EMAILS in e2e/serve.ts). */
export const E2E_ADMIN_EMAIL = 'admin@example.com';
