import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

describe('AuthLayout', () => {
  beforeEach(() => vi.resetModules());
  afterEach(() => document.body.replaceChildren());

  it('takes the focus a sign-out left on the page, on its heading, so a screen reader says where the user is', async () => {
    const { watchForUserAction } = await import('../../ui/user-acted.ts');
    const { AuthLayout } = await import('./AuthLayout.tsx');
    watchForUserAction();
    document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    render(<AuthLayout title="Listo">form</AuthLayout>);
    expect(screen.getByRole('heading', { name: 'Listo' })).toHaveFocus();
  });
});
