import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeUser } from '../../test/factories.ts';

describe('loadForScreen', () => {
  afterEach(() => vi.restoreAllMocks());

  it('takes a start-up load only while it is fresh and of the same session', async () => {
    vi.resetModules();
    const now = vi.spyOn(performance, 'now').mockReturnValue(1_000);
    const { session } = await import('../../core/store/session.ts');
    const { loadAtStartup, loadForScreen } = await import('./screen-loads.ts');
    const screenLoad = vi.fn(async () => undefined);
    session.signIn({ token: 'a', user: makeUser() });
    void loadAtStartup('lists', async () => undefined);
    now.mockReturnValue(11_000);
    await loadForScreen('lists', screenLoad);
    expect(screenLoad).toHaveBeenCalledTimes(1);

    void loadAtStartup('lists', async () => undefined);
    session.signIn({ token: 'b', user: makeUser() });
    await loadForScreen('lists', screenLoad);
    expect(screenLoad).toHaveBeenCalledTimes(2);
    session.signOut();
  });
});
