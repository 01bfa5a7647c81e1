import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REQUEST_IN_PROGRESS } from '../../../common/constants.ts';
import { MESSAGES, UI_TEXT } from '../../../common/messages.ts';
import { answer, callOf, failure, item, mockFetch } from '../../test/http.ts';
import { makeUser } from '../../test/factories.ts';
import { appStore, resetAppState } from '../store/app-state.ts';
import type { PendingChange } from './pending-change.ts';
import { readEndedSession } from '../store/ended-session.ts';
import { session } from '../store/session.ts';
import { onReplayed, REPLAY_FAULT_TRIES, REPLAY_RETRY_FIRST_MS, replayPendingChanges, sendChange, sendCreation, startConnectionWatch } from './sync.ts';
import { toastStore } from '../store/toasts.ts';

const milk: PendingChange = { key: 'k1', listId: 'l1', method: 'POST', path: '/lists/l1/items', body: { content: 'milk' } };
const eggs: PendingChange = { key: 'k2', listId: 'l1', method: 'POST', path: '/lists/l1/items', body: { content: 'eggs' } };
const queued = () => appStore.get().pendingChanges.map((change) => change.key);
const created = (content: string) => answer(201, { results: [item(`id-${content}`, content)], warnings: [] });

describe('the replay of changes made offline', () => {
  let fetchMock: ReturnType<typeof mockFetch>;
  beforeEach(() => {
    resetAppState();
    session.signIn({ token: 'tok', user: makeUser({ email: 'ada@example.com' }) });
    appStore.update((state) => ({ ...state, pendingChanges: [milk, eggs] }));
    toastStore.set([]);
    fetchMock = mockFetch();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    session.signOut();
  });

  const refusedWith = (status: number, code: string) => () => Promise.resolve(answer(status, { error: { code, message: 'Not now' } }));
  it.each([
    ['answers 502 bad_gateway', refusedWith(502, 'bad_gateway')],
    ['answers 503 database_unavailable', refusedWith(503, 'database_unavailable')],
    ['answers 504 gateway_timeout', refusedWith(504, 'gateway_timeout')],
    ['answers 429 rate_limited', refusedWith(429, 'rate_limited')],
    ['answers 408 timeout', refusedWith(408, 'timeout')],
    [`answers 409 ${REQUEST_IN_PROGRESS}`, refusedWith(409, REQUEST_IN_PROGRESS)],
    // The server restarting: no 'online' event will come, the device never went offline.
    ['cannot be reached while the device is online', () => Promise.reject(new TypeError('Failed to fetch'))],
  ])('keeps the queue when the server %s, and tries again a little later', async (_when, outcome) => {
    vi.useFakeTimers();
    fetchMock.mockImplementationOnce(outcome);
    const stopWatch = startConnectionWatch();
    await replayPendingChanges();
    expect(queued()).toEqual(['k1', 'k2']);

    fetchMock.mockResolvedValueOnce(created('milk')).mockResolvedValueOnce(created('eggs'));
    await vi.advanceTimersByTimeAsync(REPLAY_RETRY_FIRST_MS);
    expect(queued()).toEqual([]);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(appStore.get().online).toBe(true);
    stopWatch();
  });

  it('drops a change the server refuses for what it is (404), says so, and goes on: it cannot hold up the queue', async () => {
    fetchMock.mockResolvedValueOnce(failure(404, 'List not found')).mockResolvedValueOnce(created('eggs'));
    await replayPendingChanges();
    expect(queued()).toEqual([]);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(toastStore.get()).toMatchObject([{ tone: 'error', message: UI_TEXT.queuedChangesRefused(1, 'List not found') }]);
  });

  it(`tries a change that met a fault of the server (500) again later, and drops it after ${REPLAY_FAULT_TRIES} tries`, async () => {
    vi.useFakeTimers();
    fetchMock.mockResolvedValueOnce(failure(500, 'Something went wrong'));
    const stopWatch = startConnectionWatch();
    await replayPendingChanges();
    expect(queued()).toEqual(['k1', 'k2']);
    fetchMock.mockResolvedValueOnce(failure(500, 'Something went wrong'));
    await vi.advanceTimersByTimeAsync(REPLAY_RETRY_FIRST_MS);
    expect(queued()).toEqual(['k1', 'k2']);
    expect(toastStore.get()).toEqual([]);

    fetchMock.mockResolvedValueOnce(failure(500, 'Something went wrong')).mockResolvedValueOnce(created('eggs'));
    await vi.advanceTimersByTimeAsync(REPLAY_RETRY_FIRST_MS * 2);
    expect(queued()).toEqual([]);
    expect(fetchMock).toHaveBeenCalledTimes(REPLAY_FAULT_TRIES + 1);
    expect(toastStore.get()).toMatchObject([{ tone: 'error', message: UI_TEXT.queuedChangesRefused(1, 'Something went wrong') }]);
    stopWatch();
  });

  it('sends a change whose fault passed, and says nothing', async () => {
    vi.useFakeTimers();
    fetchMock.mockResolvedValueOnce(failure(500, 'Something went wrong'));
    const stopWatch = startConnectionWatch();
    await replayPendingChanges();
    fetchMock.mockResolvedValueOnce(created('milk')).mockResolvedValueOnce(created('eggs'));
    await vi.advanceTimersByTimeAsync(REPLAY_RETRY_FIRST_MS);
    expect(queued()).toEqual([]);
    expect(toastStore.get()).toEqual([]);
    stopWatch();
  });

  it('takes a removal answered 404 as done: the thing is gone, as the user asked, and nothing is said', async () => {
    const leave: PendingChange = { key: 'k0', listId: 'l2', method: 'DELETE', path: '/lists/l2/shares/u1' };
    appStore.update((state) => ({ ...state, pendingChanges: [leave, ...state.pendingChanges] }));
    fetchMock
      .mockResolvedValueOnce(failure(404, 'List not found or not accessible'))
      .mockResolvedValueOnce(created('milk'))
      .mockResolvedValueOnce(created('eggs'));
    await replayPendingChanges();
    expect(queued()).toEqual([]);
    expect(toastStore.get()).toEqual([]);
  });

  it('sends the queued changes of an item added offline to the item that the server said stands for it', async () => {
    const [mine, theirs] = ['0193c7e2-0000-7000-8000-000000000001', '0193c7e2-0000-7000-8000-000000000002'];
    const add: PendingChange = { key: 'k1', listId: 'l1', method: 'POST', path: '/lists/l1/items/batch', body: { items: [{ id: mine, content: 'milk' }] } };
    const check: PendingChange = { key: 'k2', listId: 'l1', method: 'PUT', path: `/lists/l1/items/${mine}`, body: { is_completed: true } };
    const order: PendingChange = { key: 'k3', listId: 'l1', method: 'PUT', path: '/lists/l1/items/order', body: { ids: ['a', mine] } };
    appStore.update((state) => ({ ...state, pendingChanges: [add, check, order] }));
    fetchMock
      .mockResolvedValueOnce(answer(200, { results: [], warnings: ['"milk" is already on this list'], merged: { [mine]: theirs } }))
      .mockResolvedValueOnce(answer(200, item(theirs, 'milk', { is_completed: true })))
      .mockResolvedValueOnce(answer(200, { items: [], next: null, seq: 1 }));
    await replayPendingChanges();
    expect(queued()).toEqual([]);
    expect(callOf(fetchMock, 1)).toMatchObject({ method: 'PUT', url: expect.stringMatching(`/lists/l1/items/${theirs}$`), body: { is_completed: true } });
    expect(callOf(fetchMock, 2).body).toEqual({ ids: ['a', theirs] });
    expect(toastStore.get()).toEqual([]);
  });

  it('tells of a queued removal of an item that the caller may no longer reach: the item is still there', async () => {
    const drop: PendingChange = { key: 'k0', listId: 'l2', method: 'DELETE', path: '/lists/l2/items/i1' };
    appStore.update((state) => ({ ...state, pendingChanges: [drop] }));
    fetchMock.mockResolvedValueOnce(failure(404, MESSAGES.listNotFound));
    await replayPendingChanges();
    expect(queued()).toEqual([]);
    expect(toastStore.get().map((toast) => toast.message)).toEqual([UI_TEXT.queuedChangesRefused(1, MESSAGES.listNotFound)]);
  });

  it('says once how many changes were refused, with each reason once', async () => {
    fetchMock.mockResolvedValueOnce(failure(403, 'You cannot edit this list')).mockResolvedValueOnce(failure(403, 'You cannot edit this list'));
    await replayPendingChanges();
    expect(toastStore.get().map((toast) => toast.message)).toEqual([UI_TEXT.queuedChangesRefused(2, 'You cannot edit this list')]);
  });

  it('names every different reason', async () => {
    fetchMock.mockResolvedValueOnce(failure(409, 'Someone renamed this item meanwhile.')).mockResolvedValueOnce(failure(403, 'You cannot edit this list'));
    await replayPendingChanges();
    expect(toastStore.get().map((toast) => toast.message)).toEqual([UI_TEXT.queuedChangesRefused(2, 'Someone renamed this item meanwhile; You cannot edit this list')]);
  });

  it('sends no change cut off on its way longer ago than the server remembers its key, and says so; a younger one goes', async () => {
    const hoursAgo = (hours: number) => new Date(Date.now() - hours * 60 * 60_000).toISOString();
    appStore.update((state) => ({ ...state, pendingChanges: [{ ...milk, sentAt: hoursAgo(25) }, { ...eggs, sentAt: hoursAgo(2) }] }));
    fetchMock.mockResolvedValueOnce(created('eggs'));
    await replayPendingChanges();
    expect(queued()).toEqual([]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(callOf(fetchMock, 0).body).toEqual({ content: 'eggs' });
    expect(toastStore.get().map((toast) => [toast.tone, toast.message])).toEqual([['warning', UI_TEXT.cutOffChangesTooOld(1)]]);
  });

  it('has the lists it touched reloaded only once the queue is empty: a reload before would undo what still waits', async () => {
    vi.useFakeTimers();
    const reloads: string[][] = [];
    const stopListening = onReplayed((listIds) => reloads.push(listIds));
    fetchMock.mockResolvedValueOnce(created('milk')).mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const stopWatch = startConnectionWatch();
    await replayPendingChanges();
    expect(queued()).toEqual(['k2']);
    expect(reloads).toEqual([]);

    fetchMock.mockResolvedValueOnce(created('eggs'));
    await vi.advanceTimersByTimeAsync(REPLAY_RETRY_FIRST_MS);
    expect(queued()).toEqual([]);
    expect(reloads).toEqual([['l1']]);
    stopWatch();
    stopListening();
  });

  it('keeps the queue for the next sign-in when the server ended the session', async () => {
    fetchMock.mockResolvedValueOnce(failure(401, 'Please sign in to continue.')).mockResolvedValueOnce(failure(401, 'Please sign in to continue.'));
    await replayPendingChanges();
    expect(session.get().user).toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(await readEndedSession()).toEqual({ email: 'ada@example.com', unsent: 2, accountDeleted: false });
  });
});

describe('a change on its way', () => {
  let fetchMock: ReturnType<typeof mockFetch>;
  beforeEach(() => {
    resetAppState();
    session.signIn({ token: 'tok', user: makeUser() });
    toastStore.set([]);
    fetchMock = mockFetch();
    // A backoff of its own: stopping the connection watch ends one an earlier test left doubled.
    startConnectionWatch()();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    session.signOut();
  });

  const inFlight = () => appStore.get().inFlight.map((change) => change.path);
  const addMilk = { method: 'POST', path: '/lists/l1/items', body: { content: 'milk' } } as const;

  it('is kept in flight until its answer, then let go', async () => {
    let answerNow: (response: Response) => void = () => undefined;
    fetchMock.mockImplementationOnce(() => new Promise((resolve) => (answerNow = resolve)));
    const sent = sendChange(addMilk, { listId: 'l1' });
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(inFlight()).toEqual(['/lists/l1/items']);
    answerNow(created('milk'));
    await sent;
    expect(inFlight()).toEqual([]);
  });

  it('waits for the change of the same item sent before it, whatever its answer; other items and additions go side by side', async () => {
    const answers: ((response: Response) => void)[] = [];
    fetchMock.mockImplementation(() => new Promise((resolve) => answers.push(resolve)));
    const rename = (content: string) => ({ method: 'PUT', path: '/lists/l1/items/a', body: { content } }) as const;
    const first = sendChange(rename('oat milk'), { listId: 'l1' });
    const second = sendChange(rename('whole milk'), { listId: 'l1' });
    const other = sendChange({ method: 'PUT', path: '/lists/l1/items/b', body: { content: 'eggs' } }, { listId: 'l1' });
    const adding = [sendChange(addMilk, { listId: 'l1' }), sendChange(addMilk, { listId: 'l1' })];
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(4));
    const sentBodies = () => fetchMock.mock.calls.map((_, index) => callOf(fetchMock, index).body);
    expect(sentBodies()).not.toContainEqual({ content: 'whole milk' });
    const firstIndex = sentBodies().findIndex((body) => body.content === 'oat milk');
    answers[firstIndex]!(failure(409, 'Someone renamed this item meanwhile'));
    await expect(first).rejects.toThrow('Someone renamed');
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(5));
    expect(callOf(fetchMock, 4).body).toEqual({ content: 'whole milk' });
    answers.forEach((resolve, index) => index !== firstIndex && resolve(answer(200, item('x', 'x'))));
    await Promise.all([second, other, ...adding]);
  });

  it('is let go when refused: the caller rolls it back', async () => {
    fetchMock.mockResolvedValueOnce(failure(403, 'You cannot edit this list'));
    await expect(sendChange(addMilk, { listId: 'l1' })).rejects.toThrow('You cannot edit this list');
    expect(inFlight()).toEqual([]);
  });

  it('is never queued for, nor sent as, another account signed in before it failed', async () => {
    let fail!: (error: Error) => void;
    fetchMock.mockReturnValueOnce(new Promise((_resolve, reject) => (fail = reject)));
    const sent = sendChange(addMilk, { listId: 'l1' });
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    session.signOut();
    session.signIn({ token: 'bob-token', user: makeUser({ id: 'u2' }) });
    fail(new TypeError('Failed to fetch'));
    await expect(sent).rejects.toMatchObject({ status: 401 });
    expect(appStore.get().pendingChanges).toEqual([]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("sends nothing that waited for its list's creation when its user signed out meanwhile", async () => {
    let fail!: (error: Error) => void;
    fetchMock.mockReturnValueOnce(new Promise((_resolve, reject) => (fail = reject)));
    const creation = sendCreation({ method: 'POST', path: '/lists', body: { id: 'l1', name: 'Groceries' } }, { listId: 'l1' });
    const items = sendChange(addMilk, { listId: 'l1' });
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    session.signOut();
    session.signIn({ token: 'bob-token', user: makeUser({ id: 'u2' }) });
    fail(new TypeError('Failed to fetch'));
    await expect(creation).rejects.toMatchObject({ status: 401 });
    await expect(items).rejects.toMatchObject({ status: 401 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(appStore.get().pendingChanges).toEqual([]);
  });

  it('notes when it was sent while on its way; queued after a failed send it has no such time (it never left)', async () => {
    let fail!: (error: Error) => void;
    fetchMock.mockReturnValueOnce(new Promise((_resolve, reject) => (fail = reject)));
    const sent = sendChange(addMilk, { listId: 'l1' });
    await vi.waitFor(() => expect(appStore.get().inFlight).toHaveLength(1));
    expect(Date.parse(appStore.get().inFlight[0]!.sentAt!)).toBeGreaterThan(Date.now() - 60_000);
    vi.useFakeTimers();
    fail(new TypeError('Failed to fetch'));
    expect(await sent).toEqual({ queued: true });
    expect(appStore.get().pendingChanges[0]!.sentAt).toBeUndefined();
  });

  const failedWith = (status: number, code = 'x') => () => Promise.resolve(answer(status, { error: { code, message: 'Not now' } }));
  it.each([
    ['a fault of the server (500)', failedWith(500, 'internal')],
    ['a proxy without Listo behind it (502)', failedWith(502)],
    ['Listo without its database (503)', failedWith(503, 'database_unavailable')],
    ['a proxy that gave up waiting (504)', failedWith(504)],
    ['a timeout (408)', failedWith(408, 'timeout')],
    ['a rate limit (429)', failedWith(429, 'rate_limited')],
    [`its first try still running there (409 ${REQUEST_IN_PROGRESS})`, failedWith(409, REQUEST_IN_PROGRESS)],
    ['a connection dropped on the way', () => Promise.reject(new TypeError('Failed to fetch'))],
  ])('meets %s: it is queued, not thrown back to be rolled back, and sent again with its key a little later', async (_what, outcome) => {
    vi.useFakeTimers();
    const stopWatch = startConnectionWatch();
    fetchMock.mockImplementationOnce(outcome);
    expect(await sendChange(addMilk, { listId: 'l1' })).toEqual({ queued: true });
    const [change] = appStore.get().pendingChanges;
    expect(change).toMatchObject({ path: '/lists/l1/items', body: { content: 'milk' } });

    fetchMock.mockResolvedValueOnce(created('milk'));
    await vi.advanceTimersByTimeAsync(REPLAY_RETRY_FIRST_MS);
    expect(appStore.get().pendingChanges).toEqual([]);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    // The same change: sent again, the server makes it once.
    expect(callOf(fetchMock, 1).headers['Idempotency-Key']).toBe(callOf(fetchMock, 0).headers['Idempotency-Key']);
    expect(toastStore.get()).toEqual([]);
    stopWatch();
  });

  it('meets a fault of the server: the banner does not say offline, the server answered', async () => {
    vi.useFakeTimers();
    fetchMock.mockResolvedValueOnce(failure(500, 'Something went wrong'));
    await sendChange(addMilk, { listId: 'l1' });
    expect(appStore.get().online).toBe(true);
  });

  it(`meets the same fault at every try: dropped after ${REPLAY_FAULT_TRIES} in all, and said once`, async () => {
    vi.useFakeTimers();
    const stopWatch = startConnectionWatch();
    fetchMock.mockImplementation(() => Promise.resolve(failure(500, 'Something went wrong')));
    expect(await sendChange(addMilk, { listId: 'l1' })).toEqual({ queued: true });
    await vi.advanceTimersByTimeAsync(REPLAY_RETRY_FIRST_MS * 3);
    expect(fetchMock).toHaveBeenCalledTimes(REPLAY_FAULT_TRIES);
    expect(appStore.get().pendingChanges).toEqual([]);
    expect(toastStore.get().map((toast) => toast.message)).toEqual([UI_TEXT.queuedChangesRefused(1, 'Something went wrong')]);
    stopWatch();
  });

  it.each([400, 403, 404, 409, 413, 422])('is refused with %i: thrown to its caller, which rolls it back and says why; nothing is queued', async (status) => {
    fetchMock.mockResolvedValueOnce(failure(status, 'Refused for a reason'));
    await expect(sendChange(addMilk, { listId: 'l1' })).rejects.toMatchObject({ status, message: 'Refused for a reason' });
    expect(appStore.get().pendingChanges).toEqual([]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('moves to the queue, once, when it cannot reach the server', async () => {
    vi.useFakeTimers();
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    expect(await sendChange(addMilk, { listId: 'l1' })).toEqual({ queued: true });
    expect(inFlight()).toEqual([]);
    expect(appStore.get().pendingChanges.map((change) => change.path)).toEqual(['/lists/l1/items']);
  });
});
