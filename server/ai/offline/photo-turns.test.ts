import { describe, expect, it } from 'vitest';
import { AI_BUSY_RETRY_AFTER_S, AI_MESSAGES, AI_PHOTOS_WAITING_MAX } from '../../../common/ai.ts';
import { ownerWithList } from '../../test/items.ts';
import { useTestApp, type TestApp } from '../../test/test-app.ts';
import { photoData, photoOf } from './printed-lists.ts';

/**
 * The built-in assistant reads one photo at a time, in turns between users (decision 044), through
 * POST /lists/{id}/items/photo with the real OCR. What is measured is the order in which the
 * answers come, never their time.
 */

const t = useTestApp();
/** The same, where a photo may wait 1 ms for its turn: any photo that has to wait is refused. */
const impatient = useTestApp({ config: { ai: { provider: 'offline', photoTurns: { maxWaitMs: 1 } } } });

/** A dense printed list: a few hundred milliseconds of OCR, so others' photos come while it is read. */
const longList = (index: number) =>
  photoOf({
    name: `list ${index}`,
    bullet: '- ',
    font: 'DejaVu Sans',
    size: 26,
    entries: ['milk', 'bread', 'apples', 'coffee', 'rice', 'pasta', 'butter', 'cheese', 'onions', 'garlic', 'lemons', 'yogurt', 'honey', 'flour'],
  });
const SHORT_LIST = ['sourdough bread', 'bananas', 'olive oil', 'toilet paper', 'dish soap'];
const shortList = () => photoOf({ name: 'short', bullet: '- ', font: 'DejaVu Sans', size: 30, entries: SHORT_LIST });

/** Sends a photo; answers the answer, and notes its name in `done` when it comes. */
function sendPhoto(app: TestApp, token: string, listId: string, photo: Buffer, name: string, done: string[]) {
  return app.request({ method: 'POST', path: `/lists/${listId}/items/photo`, token, body: { photoData: photoData(photo) } }).then((response) => {
    done.push(name);
    return response;
  });
}

describe('photos read in turns between users', () => {
  it("one account's burst of photos delays another account's photo by one photo at most", async () => {
    const ann = await ownerWithList(t);
    const bob = await ownerWithList(t);
    const [photos, bobsPhoto] = await Promise.all([Promise.all(Array.from({ length: 6 }, (_, index) => longList(index))), shortList()]);
    const done: string[] = [];

    const burst = photos.map((photo, index) => sendPhoto(t, ann.owner.token, ann.listId, photo, `ann ${index + 1}`, done));
    // Bob's photo comes once Ann's first is read, while her second is being read and four wait.
    await Promise.race(burst);
    const bobs = sendPhoto(t, bob.owner.token, bob.listId, bobsPhoto, 'bob', done);
    const answers = await Promise.all([...burst, bobs]);

    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 200, 200]);
    expect((await bobs).body.items).toEqual(SHORT_LIST.map((content) => ({ content })));
    // One of Ann's was done before Bob's photo came; of the five left, one (being read then) goes before it.
    const afterBobCame = done.slice(1);
    expect(afterBobCame.indexOf('bob')).toBeLessThanOrEqual(1);
    expect(done).toHaveLength(7);
  });

  it(`refuses at once, with 429, a photo beyond the ${AI_PHOTOS_WAITING_MAX} of an account waiting; another account's is read`, async () => {
    const ann = await ownerWithList(t);
    const bob = await ownerWithList(t);
    const photo = await longList(0);
    const done: string[] = [];
    // The one read first, AI_PHOTOS_WAITING_MAX waiting, and one too many.
    const burst = Array.from({ length: AI_PHOTOS_WAITING_MAX + 2 }, (_, index) => sendPhoto(t, ann.owner.token, ann.listId, photo, `ann ${index + 1}`, done));
    const bobs = sendPhoto(t, bob.owner.token, bob.listId, photo, 'bob', done);
    const answers = await Promise.all(burst);

    const refused = answers.filter((answer) => answer.status === 429);
    expect(refused).toHaveLength(1);
    expect(refused[0]!.body.error).toEqual({ code: 'photos_waiting', message: AI_MESSAGES.photosWaiting });
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(AI_PHOTOS_WAITING_MAX + 1);
    expect((await bobs).status).toBe(200);
  });

  it('refuses, with 503 and a Retry-After, a photo whose turn did not come within its deadline; the one being read is answered', async () => {
    const ann = await ownerWithList(impatient);
    const photo = await longList(0);
    const done: string[] = [];
    const [first, second] = await Promise.all([
      sendPhoto(impatient, ann.owner.token, ann.listId, photo, 'first', done),
      sendPhoto(impatient, ann.owner.token, ann.listId, photo, 'second', done),
    ]);

    const answers = [first, second].sort((a, b) => a.status - b.status);
    expect(answers.map((answer) => answer.status)).toEqual([200, 503]);
    expect(answers[1]!.body.error).toEqual({ code: 'ai_busy', message: AI_MESSAGES.photoTurnExpired });
    expect(answers[1]!.headers['retry-after']).toBe(String(AI_BUSY_RETRY_AFTER_S));
    // Refused before it was read, not after: it was answered first.
    expect(done).toEqual([answers[1] === first ? 'first' : 'second', answers[1] === first ? 'second' : 'first']);
  });
});
