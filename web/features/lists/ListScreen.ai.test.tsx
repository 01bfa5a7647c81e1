import { act, cleanup, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { AI_MESSAGES } from '../../../common/ai.ts';
import { AI_TEXT } from '../../../common/ai-ui.ts';
import { IMAGE_TEXT } from '../../../common/image-uploads.ts';
import { MESSAGES } from '../../../common/messages.ts';
import { UNDO_TEXT } from '../../../common/undo.ts';
import type { ListView } from '../../../common/schemas/lists.ts';
import { resetAiTasks } from '../ai/ai-actions.ts';
import { resetAiInfo } from '../ai/ai-info.ts';
import { appStore, resetAppState, type ClientItem } from '../../core/store/app-state.ts';
import { session } from '../../core/store/session.ts';
import { toastStore } from '../../core/store/toasts.ts';
import { makeList, makeUser } from '../../test/factories.ts';
import { answer, callOf, item, mockFetch } from '../../test/http.ts';
import { renderListScreen } from '../../test/list-screen.tsx';
import { ITEM_ESTIMATE_PX } from './list/ItemList.tsx';

// No socket in jsdom: what the live feed brings is set in the store by the tests themselves.
vi.mock('./live-lists.ts', () => ({ followAccountLists: () => () => undefined, followListItems: () => () => undefined, followVisitedList: () => () => undefined }));

const milk = item('i1', 'milk', { position: 0 });
const peas = item('i2', 'frozen peas', { position: 1 });
const bananas = item('i3', 'bananas', { position: 2 });

type Reply = Response | Promise<Response>;

/**
 * The server: GET /lists and GET /lists/l1/items answer the list and `items`; each AI call answers
 * the next of `replies`, in order.
 */
function fakeServer(fetchMock: ReturnType<typeof mockFetch>, list: ListView, items: unknown[], replies: Reply[]) {
  fetchMock.mockImplementation(async (url, init) => {
    const call = `${init?.method ?? 'GET'} ${String(url)}`;
    if (call === 'GET /api/v1/lists') return answer(200, { lists: [list] });
    if (call === 'GET /api/v1/lists/l1/items') return answer(200, { items, next: null });
    if (call === 'GET /api/v1/ai') return answer(200, { provider: 'offline', model_choice: false });
    // What List Settings reads besides the AI: the learned store order and this device's mute.
    if (call === 'GET /api/v1/lists/l1/store-order') return answer(200, { store: '', trips: 0, items: {}, departments: {}, stores: [] });
    if (call === 'GET /api/v1/lists/l1/notifications') return answer(200, { muted: false });
    const reply = replies.shift();
    if (!reply) throw new Error(`unexpected ${call}`);
    return reply;
  });
}

/** A fetch answer the test gives when it wants, to see the busy state meanwhile. */
function later() {
  let resolve!: (response: Response) => void;
  const promise = new Promise<Response>((done) => (resolve = done));
  return { promise, resolve };
}

/** A fetch that finds no connection; made ahead of its call, so marked as handled until then. */
function noConnection(): Promise<Response> {
  const failed = Promise.reject(new TypeError('Failed to fetch'));
  failed.catch(() => undefined);
  return failed;
}

const aiCalls = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls.map((_, index) => callOf(fetchMock, index)).filter((call) => call.method === 'POST');
const toasts = () => toastStore.get().map((toast) => toast.message);
const rowTexts = () => screen.getAllByTestId('item-text').map((row) => row.textContent);
const busyStatus = () => screen.queryAllByRole('status').find((status) => status.textContent !== '');

function renderList(list: ListView = makeList(), items: ClientItem[] = [milk, peas, bananas]) {
  appStore.update((state) => ({ ...state, lists: [list], listsLoaded: true, items: { l1: items } }));
  return renderListScreen();
}

/** The sort menu's button, named after the sort in use ("Sort by: Newest first"). */
const sortButton = () => screen.getByRole('button', { name: /^Sort by: / });

/** Chooses a sort from the sort menu. */
async function chooseSort(label: string) {
  await userEvent.click(sortButton());
  await userEvent.click(await screen.findByRole('menuitemradio', { name: label }));
}

/** Whether the sort menu offers the AI sorts (opened, looked at, closed again). */
async function aiSortsOffered(): Promise<boolean> {
  await userEvent.click(sortButton());
  await screen.findByRole('menu');
  const offered = screen.queryByRole('group', { name: 'AI sort' }) !== null;
  await userEvent.keyboard('{Escape}');
  return offered;
}

async function openItemMenu(content: string) {
  await userEvent.click(screen.getByRole('button', { name: AI_TEXT.moreActions(content) }));
  return screen.findByRole('menu');
}

describe('AI on the list screen', () => {
  let fetchMock: ReturnType<typeof mockFetch>;
  let logged: MockInstance<typeof console.error>;
  beforeEach(() => {
    resetAppState();
    resetAiTasks();
    resetAiInfo();
    toastStore.set([]);
    localStorage.clear();
    session.signIn({ token: 'tok', user: makeUser({ can_use_ai: true }) });
    fetchMock = mockFetch();
    logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    delete (navigator as { mediaDevices?: unknown }).mediaDevices;
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    session.signOut();
  });

  describe('who sees the AI controls', () => {
    const controls = async () => ({
      sorts: await aiSortsOffered(),
      itemMenu: screen.queryByRole('button', { name: AI_TEXT.moreActions('milk') }) !== null,
      camera: screen.queryByRole('button', { name: AI_TEXT.photoButton }) !== null,
    });

    it('a user without can_use_ai sees none, until AI is turned on for them (live)', async () => {
      session.setUser(makeUser({ can_use_ai: false }));
      fakeServer(fetchMock, makeList(), [milk], []);
      renderList();
      expect(await controls()).toEqual({ sorts: false, itemMenu: false, camera: false });
      act(() => session.setUser(makeUser({ can_use_ai: true })));
      expect(await controls()).toEqual({ sorts: true, itemMenu: true, camera: true });
    });

    it('a view member sees none', async () => {
      const list = makeList({ isOwner: false, can: { editItems: false, manageList: false, manageShares: false, deleteList: false, leaveList: true } });
      fakeServer(fetchMock, list, [milk], []);
      renderList(list);
      expect(await controls()).toEqual({ sorts: false, itemMenu: false, camera: false });
      await userEvent.click(screen.getByRole('button', { name: 'List options' }));
      expect(screen.queryByRole('menuitem', { name: AI_TEXT.runCustomPrompts })).toBeNull();
    });

    it('an item not yet on the server has no menu', () => {
      fakeServer(fetchMock, makeList(), [], []);
      renderList(makeList(), [{ ...milk, tempId: 'temp-1' }]);
      expect(screen.queryByRole('button', { name: AI_TEXT.moreActions('milk') })).toBeNull();
    });
  });

  describe('AI sorts', () => {
    it('sorts by department with the list\'s provider, busy meanwhile, then shows the stored order', async () => {
      localStorage.setItem('listo_ai_provider_l1', 'gemini-2.5-flash');
      const sorted = later();
      fakeServer(fetchMock, makeList(), [milk, peas, bananas], [sorted.promise]);
      renderList();
      await chooseSort('Department (AI)');
      expect(aiCalls(fetchMock)).toEqual([
        expect.objectContaining({ url: '/api/v1/lists/l1/sort', body: { provider: 'gemini-2.5-flash', prompt: 'department', undo_id: expect.any(String) } }),
      ]);
      expect(busyStatus()).toHaveTextContent(AI_TEXT.sorting);
      // Non-blocking: the list can still be used meanwhile.
      expect(screen.getByPlaceholderText('Add item...')).toBeEnabled();

      const newer = { updated_at: '2025-01-02T00:00:00.000Z' };
      sorted.resolve(
        answer(200, {
          items: [
            { ...bananas, ...newer, position: 0, properties: { department: 'Produce' } },
            { ...milk, ...newer, position: 1, properties: { department: 'Dairy & Eggs' } },
            { ...peas, ...newer, position: 2, properties: { department: 'Frozen' } },
          ],
          next: null,
        }),
      );
      await vi.waitFor(() => expect(rowTexts()).toEqual(['bananas', 'milk', 'frozen peas']));
      expect(busyStatus()).toBeUndefined();
      expect(sortButton()).toHaveAccessibleName('Sort by: Department (AI)');
      // The sort's notice, with Undo for the order it replaced.
      expect(toasts()).toEqual([UNDO_TEXT.sorted]);
    });

    it('a refused sort is logged and told, and the menu goes back to the order shown', async () => {
      fakeServer(fetchMock, makeList(), [milk], [answer(503, { error: { code: 'ai_busy', message: AI_MESSAGES.busy } })]);
      renderList();
      await chooseSort('Name A-Z');
      await chooseSort('Smart (AI)');
      await vi.waitFor(() => expect(toasts()).toEqual([AI_TEXT.sortFailed + AI_MESSAGES.busy]));
      expect(logged).toHaveBeenCalledWith(AI_TEXT.sortFailed + AI_MESSAGES.busy, expect.anything());
      expect(sortButton()).toHaveAccessibleName('Sort by: Name A-Z');
      expect(busyStatus()).toBeUndefined();
    });

    it('403 ai_not_allowed says so and takes the AI controls away', async () => {
      fakeServer(fetchMock, makeList(), [milk], [answer(403, { error: { code: 'ai_not_allowed', message: AI_MESSAGES.notAllowed } })]);
      renderList();
      await chooseSort('Priority (AI)');
      await vi.waitFor(() => expect(toasts()).toEqual([AI_TEXT.sortFailed + AI_MESSAGES.notAllowed]));
      expect(session.get().user?.can_use_ai).toBe(false);
      expect(await aiSortsOffered()).toBe(false);
      expect(screen.queryByRole('button', { name: AI_TEXT.moreActions('milk') })).toBeNull();
    });
  });

  describe('item actions', () => {
    it('translates an item into French from its menu, by keyboard; the translation shows on the row', async () => {
      const translated = later();
      fakeServer(fetchMock, makeList(), [milk], [translated.promise]);
      renderList(makeList(), [milk]);
      screen.getByRole('button', { name: AI_TEXT.moreActions('milk') }).focus();
      await userEvent.keyboard('{Enter}');
      const menu = await screen.findByRole('menu', { name: AI_TEXT.moreActions('milk') });
      expect(within(menu).getAllByRole('menuitem').map((entry) => entry.textContent)).toEqual([
        AI_TEXT.addProperties,
        'Dutch',
        'English',
        'French',
        'German',
        'Italian',
        'Portuguese',
        'Spanish',
      ]);
      const languages = within(menu).getByRole('group', { name: AI_TEXT.translateInto });
      expect(within(languages).getByRole('menuitem', { name: 'Translate into French' })).toBeInTheDocument();
      // The menu opens on Add properties; down: Dutch, English, French.
      await userEvent.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
      expect(within(menu).getByRole('menuitem', { name: 'Translate into French' })).toHaveFocus();
      await userEvent.keyboard('{Enter}');
      expect(aiCalls(fetchMock)).toEqual([
        expect.objectContaining({
          url: '/api/v1/lists/l1/items/i1/properties',
          body: { action: 'translate', language: 'fr', provider: 'gemini-1.5-flash' },
        }),
      ]);
      expect(busyStatus()).toHaveTextContent('Translating "milk" into French…');
      expect(screen.getByRole('button', { name: AI_TEXT.moreActions('milk') })).toHaveAttribute('aria-busy', 'true');

      translated.resolve(answer(200, { ...milk, updated_at: '2025-01-02T00:00:00.000Z', properties: { name_fr: 'lait' } }));
      expect(await screen.findByText('lait')).toBeInTheDocument();
      expect(screen.getByText('lait').closest('[lang]')).toHaveAttribute('lang', 'fr');
      expect(busyStatus()).toBeUndefined();
    });

    it('adds properties, shown as tags', async () => {
      const properties = { department: 'Dairy & Eggs', category: 'Milk & Cream', priority: 'high' };
      fakeServer(fetchMock, makeList(), [milk], [answer(200, { ...milk, updated_at: '2025-01-02T00:00:00.000Z', properties })]);
      renderList(makeList(), [milk]);
      await userEvent.click(within(await openItemMenu('milk')).getByRole('menuitem', { name: AI_TEXT.addProperties }));
      expect(aiCalls(fetchMock)[0]).toMatchObject({ url: '/api/v1/lists/l1/items/i1/properties', body: { action: 'add_properties', provider: 'gemini-1.5-flash' } });
      expect(await screen.findByText('Dairy & Eggs')).toBeInTheDocument();
      expect(screen.getByText('priority high')).toBeInTheDocument();
    });

    it('a failure is logged and told, and the item stays as it was', async () => {
      const message = 'The built-in assistant does not know how to say "milk" in Dutch';
      fakeServer(fetchMock, makeList(), [milk], [answer(422, { error: { code: 'ai_unknown_item', message } })]);
      renderList(makeList(), [milk]);
      await userEvent.click(within(await openItemMenu('milk')).getByRole('menuitem', { name: 'Translate into Dutch' }));
      await vi.waitFor(() => expect(toasts()).toEqual([AI_TEXT.translateFailed + message]));
      expect(logged).toHaveBeenCalled();
      expect(appStore.get().items.l1?.[0]?.properties).toEqual({});
    });
  });

  describe('custom prompts', () => {
    async function runFromMenu() {
      await userEvent.click(screen.getByRole('button', { name: 'List options' }));
      await userEvent.click(await screen.findByRole('menuitem', { name: AI_TEXT.runCustomPrompts }));
    }

    it('says so, without a call, when there are no items or no prompts', async () => {
      fakeServer(fetchMock, makeList({ custom_prompts: ['Translate to French'] }), [], []);
      const view = renderList(makeList({ custom_prompts: ['Translate to French'] }), []);
      await runFromMenu();
      expect(toasts()).toEqual([MESSAGES.customPromptsNoItems]);
      view.unmount();
      fakeServer(fetchMock, makeList(), [milk], []);
      renderList(makeList(), [milk]);
      await runFromMenu();
      expect(toasts()).toEqual([MESSAGES.customPromptsNoItems, MESSAGES.customPromptsNoPrompts]);
      expect(aiCalls(fetchMock)).toEqual([]);
    });

    it('runs them, busy meanwhile, shows the changed items and how many', async () => {
      const list = makeList({ custom_prompts: ['Translate to French'] });
      const processed = later();
      fakeServer(fetchMock, list, [milk, peas], [processed.promise]);
      renderList(list, [milk, peas]);
      await runFromMenu();
      expect(aiCalls(fetchMock)).toEqual([
        expect.objectContaining({ url: '/api/v1/lists/l1/process-items', body: { provider: 'gemini-1.5-flash' } }),
      ]);
      expect(busyStatus()).toHaveTextContent(AI_TEXT.runningCustomPrompts);
      await userEvent.click(screen.getByRole('button', { name: 'List options' }));
      expect(await screen.findByRole('menuitem', { name: AI_TEXT.runningCustomPrompts })).toHaveAttribute('aria-disabled', 'true');
      await userEvent.keyboard('{Escape}');

      const changed = { updated_at: '2025-01-02T00:00:00.000Z' };
      processed.resolve(
        answer(200, {
          updatedItems: [
            { ...milk, ...changed, properties: { name_fr: 'lait' } },
            { ...peas, ...changed, properties: { name_fr: 'petits pois surgelés' } },
          ],
          skippedPrompts: [],
        }),
      );
      await vi.waitFor(() => expect(toasts()).toEqual([MESSAGES.customPromptsDone(2)]));
      expect(screen.getByText('lait')).toBeInTheDocument();
      expect(screen.getByText('petits pois surgelés')).toBeInTheDocument();
    });

    it('from List Settings, busy and announced inside the dialog, which hides the list screen from screen readers', async () => {
      const list = makeList({ custom_prompts: ['Translate to French'] });
      const processed = later();
      fakeServer(fetchMock, list, [milk], [processed.promise]);
      renderList(list, [milk]);
      await userEvent.click(screen.getByRole('button', { name: 'List options' }));
      await userEvent.click(await screen.findByRole('menuitem', { name: 'List Settings' }));
      const settings = await screen.findByRole('dialog', { name: 'List Settings' });
      await userEvent.click(within(settings).getByRole('button', { name: AI_TEXT.runCustomPrompts }));
      expect(within(settings).getByRole('button', { name: AI_TEXT.runningCustomPrompts })).toHaveAttribute('aria-disabled', 'true');
      const announced = () => within(settings).queryByText(AI_TEXT.runningCustomPrompts, { selector: '[role=status] *' });
      expect(announced()).toBeVisible();
      processed.resolve(answer(200, { updatedItems: [], skippedPrompts: [] }));
      await vi.waitFor(() => expect(announced()).toBeNull());
    });

    it('names the prompts the server skipped beside what the others did', async () => {
      const list = makeList({ custom_prompts: ['Translate to French', 'Write a poem'] });
      const changed = { ...milk, updated_at: '2025-01-02T00:00:00.000Z', properties: { name_fr: 'lait' } };
      fakeServer(fetchMock, list, [milk], [answer(200, { updatedItems: [changed], skippedPrompts: ['Write a poem'] })]);
      renderList(list, [milk]);
      await runFromMenu();
      await vi.waitFor(() => expect(toasts()).toEqual([`${MESSAGES.customPromptsDone(1)} ${AI_TEXT.promptsSkipped(['Write a poem'])}`]));
      expect(toasts()[0]).toBe(
        'Successfully processed 1 items with custom prompts! Skipped "Write a poem": the built-in assistant understands prompts about departments, aisles, categories, priorities and translations.',
      );
      expect(toastStore.get()[0]!.tone).toBe('warning');
      expect(screen.getByText('lait')).toBeInTheDocument();
    });

    it('from List Settings too; a failure says why', async () => {
      const list = makeList({ custom_prompts: ['Write a poem'] });
      const message = AI_MESSAGES.offlinePrompt('Write a poem');
      fakeServer(fetchMock, list, [milk], [answer(501, { error: { code: 'ai_not_configured', message } })]);
      renderList(list, [milk]);
      await userEvent.click(screen.getByRole('button', { name: 'List options' }));
      await userEvent.click(await screen.findByRole('menuitem', { name: 'List Settings' }));
      const settings = await screen.findByRole('dialog', { name: 'List Settings' });
      await userEvent.click(within(settings).getByRole('button', { name: AI_TEXT.runCustomPrompts }));
      await vi.waitFor(() => expect(toasts()).toEqual([MESSAGES.customPromptsRunFailed + message]));
      expect(within(settings).getByRole('button', { name: AI_TEXT.runCustomPrompts })).not.toHaveAttribute('aria-disabled', 'true');
    });
  });

  describe('items from a photo', () => {
    const photoFile = () => new File(['png'], 'list.png', { type: 'image/png' });
    const photo = `data:image/png;base64,${btoa('png')}`;

    async function takePhoto() {
      await userEvent.click(screen.getByRole('button', { name: AI_TEXT.photoButton }));
      const dialog = await screen.findByRole('dialog', { name: IMAGE_TEXT.takePhotoTitle });
      await userEvent.upload(within(dialog).getByTestId('image-file'), photoFile());
      // The file is read asynchronously: wait until the photo has gone out. A generous bound, as
      // a loaded CI machine with both test projects running can take over a second.
      await vi.waitFor(() => expect(aiCalls(fetchMock)).not.toHaveLength(0), { timeout: 10_000 });
      return dialog;
    }

    it('adds the items the photo holds through the batch call, then closes and gives the focus back', async () => {
      const read = later();
      // The batch call's answer is not what this is about: its rows stay optimistic.
      fakeServer(fetchMock, makeList(), [milk], [read.promise, later().promise]);
      renderList(makeList(), [milk]);
      const dialog = await takePhoto();
      expect(aiCalls(fetchMock)[0]).toMatchObject({ url: '/api/v1/lists/l1/items/photo', body: { photoData: photo, provider: 'gemini-1.5-flash' } });
      expect(within(dialog).getByRole('status')).toHaveTextContent(AI_TEXT.analyzingPhoto);
      expect(within(dialog).getByRole('button', { name: IMAGE_TEXT.chooseFile })).toHaveAttribute('aria-disabled', 'true');

      read.resolve(answer(200, { items: [{ content: '2 bottles juice' }, { content: 'mac and cheese' }] }));
      await vi.waitFor(() => expect(within(dialog).getByRole('status')).toHaveTextContent(AI_TEXT.photoItemsFound(2)));
      const batch = aiCalls(fetchMock)[1]!;
      expect(batch.url).toBe('/api/v1/lists/l1/items/batch');
      expect(batch.body.items.map((entry: { content: string }) => entry.content)).toEqual(['2 bottles juice', 'mac and cheese']);
      expect(rowTexts()).toEqual(expect.arrayContaining(['2 bottlesjuice', 'mac and cheese']));
      // Closes after PHOTO_DIALOG_CLOSE_MS.
      expect(screen.getByRole('dialog')).toBeInTheDocument();
      await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      await act(() => new Promise((done) => setTimeout(done, 20)));
      expect(screen.getByRole('button', { name: AI_TEXT.photoButton })).toHaveFocus();
    });

    it('says what was added, put back and already there, and scrolls to the new items', async () => {
      const checkedPeas = { ...peas, is_completed: true };
      const older = Array.from({ length: 60 }, (_, index) => item(`old${index}`, `thing ${index}`, { position: 2 + index }));
      const scrolled = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
      // jsdom lays nothing out: the page is as tall as its rows would make it.
      vi.spyOn(document.documentElement, 'scrollHeight', 'get').mockReturnValue(63 * ITEM_ESTIMATE_PX);
      fetchMock.mockImplementation(async (url, init) => {
        const call = `${init?.method ?? 'GET'} ${String(url)}`;
        if (call === 'GET /api/v1/lists') return answer(200, { lists: [makeList()] });
        if (call === 'GET /api/v1/lists/l1/items') return answer(200, { items: [milk, checkedPeas, ...older], next: null });
        if (call === 'POST /api/v1/lists/l1/items/photo') return answer(200, { items: [{ content: 'milk' }, { content: 'juice' }, { content: 'frozen peas' }] });
        const [forMilk, forJuice, forPeas] = (JSON.parse(String(init?.body)) as { items: { id: string }[] }).items;
        return answer(201, {
          results: [item(forJuice!.id, 'juice', { position: 62, created_at: '2025-01-02T00:00:00.000Z' }), { ...peas, is_completed: false }],
          warnings: ['"milk" is already on this list'],
          merged: { [forMilk!.id]: milk.id, [forPeas!.id]: peas.id },
        });
      });
      // Oldest first: the new item is the last of 63 rows, far below the screen.
      appStore.update((state) => ({ ...state, view: { l1: { mode: 'oldest', completedLast: false } } }));
      renderList(makeList(), [milk, checkedPeas, ...older]);
      await takePhoto();
      await vi.waitFor(() => expect(toasts()).toEqual([AI_TEXT.photoItemsAdded({ added: ['juice'], putBack: ['frozen peas'], already: ['milk'] })]));
      expect(toasts()[0]).toBe('Added 1 item from the photo: juice. Back on the list: frozen peas. Already on the list: milk.');
      await vi.waitFor(() => expect(scrolled).toHaveBeenCalledWith(expect.objectContaining({ top: expect.toSatisfy((top: number) => top > 1000) })));
    }, 20_000);

    it('closed while the photo is read, gives the read up: nothing is added, nothing is said', async () => {
      const read = later();
      fakeServer(fetchMock, makeList(), [milk], [read.promise]);
      renderList(makeList(), [milk]);
      await takePhoto();
      const { signal } = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/items/photo'))![1]!;
      await userEvent.keyboard('{Escape}');
      await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(signal?.aborted).toBe(true);
      // An answer that comes anyway (it was already on its way) adds nothing.
      read.resolve(answer(200, { items: [{ content: 'juice' }] }));
      await act(() => new Promise((done) => setTimeout(done, 20)));
      expect(aiCalls(fetchMock)).toHaveLength(1);
      expect(rowTexts()).toEqual(['milk']);
      expect(toasts()).toEqual([]);
      expect(busyStatus()).toBeUndefined();
    });

    it('a photo without items stays open and says so', async () => {
      fakeServer(fetchMock, makeList(), [milk], [answer(200, { items: [] })]);
      renderList(makeList(), [milk]);
      const dialog = await takePhoto();
      await vi.waitFor(() => expect(within(dialog).getByRole('status')).toHaveTextContent(AI_TEXT.photoNoItems));
      expect(within(dialog).getByRole('button', { name: IMAGE_TEXT.chooseFile })).toHaveAttribute('aria-disabled', 'false');
    });

    it('a failure shows in the dialog and in a toast, read out once (by the toast)', async () => {
      fakeServer(fetchMock, makeList(), [milk], [answer(415, { error: { code: 'unsupported_media_type', message: AI_MESSAGES.photoNotImage } })]);
      renderList(makeList(), [milk]);
      const dialog = await takePhoto();
      const message = MESSAGES.photoAnalysisFailed + AI_MESSAGES.photoNotImage;
      expect(await within(dialog).findByText(message)).toBeVisible();
      expect(within(dialog).queryByRole('alert')).toBeNull();
      expect(toasts()).toEqual([message]);
      expect(within(dialog).getByRole('button', { name: IMAGE_TEXT.chooseFile })).toHaveAttribute('aria-disabled', 'false');
      // Reading the same photo again cannot change this: no offer to.
      expect(within(dialog).queryByRole('button', { name: AI_TEXT.readPhotoAgain })).toBeNull();
    });

    it.each([
      ['its turn did not come (503)', () => answer(503, { error: { code: 'ai_busy', message: AI_MESSAGES.photoTurnExpired } }), AI_MESSAGES.photoTurnExpired],
      ['no connection', () => noConnection(), AI_TEXT.unreachable],
    ])('a failure that may pass (%s) offers to read the same photo again, which adds its items', async (_what, failure, reason) => {
      fakeServer(fetchMock, makeList(), [milk], [failure(), answer(200, { items: [{ content: 'juice' }] }), later().promise]);
      renderList(makeList(), [milk]);
      const dialog = await takePhoto();
      expect(await within(dialog).findByText(MESSAGES.photoAnalysisFailed + reason)).toBeVisible();

      await userEvent.click(within(dialog).getByRole('button', { name: AI_TEXT.readPhotoAgain }));
      await vi.waitFor(() => expect(within(dialog).getByRole('status')).toHaveTextContent(AI_TEXT.photoItemsFound(1)));
      const [first, again, batch] = aiCalls(fetchMock);
      expect(again).toMatchObject({ url: '/api/v1/lists/l1/items/photo', body: first!.body });
      expect(batch!.body.items.map((entry: { content: string }) => entry.content)).toEqual(['juice']);
      expect(within(dialog).queryByRole('button', { name: AI_TEXT.readPhotoAgain })).toBeNull();
    });

    it('is refused on a list the server has not confirmed yet', async () => {
      fetchMock.mockImplementation(async () => answer(200, { lists: [] }));
      renderList({ ...makeList(), tempId: 'temp-1' } as ListView, []);
      await userEvent.click(screen.getByRole('button', { name: AI_TEXT.photoButton }));
      expect(toasts()).toEqual([MESSAGES.tempListNoPhotos]);
      expect(screen.queryByRole('dialog')).toBeNull();
    });
  });
});
