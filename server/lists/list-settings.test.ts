import { beforeAll, describe, expect, it } from 'vitest';
import { CUSTOM_PROMPT_MAX_LENGTH, CUSTOM_PROMPTS_MAX } from '../../common/constants.ts';
import { MESSAGES, SERVER_MESSAGES } from '../../common/messages.ts';
import { useTestApp } from '../test/test-app.ts';
import { castOfList, expectRefused, type Cast } from '../test/lists.ts';

const t = useTestApp();
/** For the calls that must be refused: they change nothing, so one list serves them all. */
let shared: Cast;
beforeAll(async () => {
  shared = await castOfList(t, { custom_prompts: ['Keep me'] });
});

const publicEditable = { visibility: 'public', public_editable: true, allow_link_sharing: true };

describe('PUT /lists/{id}/visibility', () => {
  it('lets the owner make a list public and editable, and answers the updated list', async () => {
    const { owner, listId } = await castOfList(t);
    t.clock.advance(1000);
    const response = await t.request({ method: 'PUT', path: `/lists/${listId}/visibility`, token: owner.token, body: publicEditable });
    expect(response.status).toBe(200);
    expect(response.body.list).toMatchObject({
      id: listId,
      ...publicEditable,
      isOwner: true,
      updated_at: t.clock.now.toISOString(),
    });
    const listed = await t.request({ method: 'GET', path: '/lists', token: owner.token });
    expect(listed.body.lists[0]).toEqual(response.body.list);
  });

  it('lets an admin switch a list back to private', async () => {
    const { admin, listId } = await castOfList(t, { visibility: 'public', public_editable: true });
    const body = { visibility: 'private', public_editable: false, allow_link_sharing: false };
    const response = await t.request({ method: 'PUT', path: `/lists/${listId}/visibility`, token: admin.token, body });
    expect(response.status).toBe(200);
    expect(response.body.list).toMatchObject({ ...body, isOwner: false, shareInfo: { permission: 'admin' } });
  });

  it('refuses edit and view members (403), strangers and unknown ids (404), and changes nothing', async () => {
    const { owner, editor, viewer, stranger, listId } = shared;
    const put = (token: string, id = listId) => () =>
      t.request({ method: 'PUT', path: `/lists/${id}/visibility`, token, body: publicEditable });
    await expectRefused(t, listId, put(editor.token), 403, MESSAGES.listForbidden);
    await expectRefused(t, listId, put(viewer.token), 403, MESSAGES.listForbidden);
    await expectRefused(t, listId, put(stranger.token), 404, MESSAGES.listNotFound);
    await expectRefused(t, listId, put(owner.token, 'not-a-list'), 404, MESSAGES.listNotFound);
  });

  it.each([
    ['an unknown visibility', { ...publicEditable, visibility: 'secret' }, SERVER_MESSAGES.invalidVisibility],
    ['a string for a boolean', { ...publicEditable, public_editable: 'yes' }, undefined],
    ['a number for a boolean', { ...publicEditable, allow_link_sharing: 1 }, undefined],
    ['missing flags', { visibility: 'public' }, undefined],
    ['an unknown field', { ...publicEditable, owner_id: 'x' }, undefined],
  ])('refuses %s with 400', async (_name, body, message) => {
    const { owner, listId } = shared;
    const call = () => t.request({ method: 'PUT', path: `/lists/${listId}/visibility`, token: owner.token, body });
    await expectRefused(t, listId, call, 400, message);
  });
});

describe('PUT /lists/{id}/custom-prompts', () => {
  it('stores trimmed prompts in order and answers them as an array', async () => {
    const { owner, listId } = await castOfList(t);
    const body = { custom_prompts: ['  Group by aisle ', 'Translate to French'] };
    const response = await t.request({ method: 'PUT', path: `/lists/${listId}/custom-prompts`, token: owner.token, body });
    expect(response.status).toBe(200);
    expect(response.body.list.custom_prompts).toEqual(['Group by aisle', 'Translate to French']);
    const cleared = await t.request({
      method: 'PUT',
      path: `/lists/${listId}/custom-prompts`,
      token: owner.token,
      body: { custom_prompts: [] },
    });
    expect(cleared.body.list.custom_prompts).toEqual([]);
  });

  it(`accepts ${CUSTOM_PROMPTS_MAX} prompts of ${CUSTOM_PROMPT_MAX_LENGTH} characters from an admin`, async () => {
    const { admin, listId } = await castOfList(t);
    const custom_prompts = Array.from({ length: CUSTOM_PROMPTS_MAX }, (_, i) => `${i}`.padEnd(CUSTOM_PROMPT_MAX_LENGTH, 'p'));
    const response = await t.request({
      method: 'PUT',
      path: `/lists/${listId}/custom-prompts`,
      token: admin.token,
      body: { custom_prompts },
    });
    expect(response.status).toBe(200);
    expect(response.body.list.custom_prompts).toEqual(custom_prompts);
  });

  it.each([
    ['a blank prompt', { custom_prompts: ['fine', '   '] }, SERVER_MESSAGES.customPromptBlank],
    ['an empty prompt', { custom_prompts: [''] }, SERVER_MESSAGES.customPromptBlank],
    ['an over-long prompt', { custom_prompts: ['x'.repeat(CUSTOM_PROMPT_MAX_LENGTH + 1)] }, SERVER_MESSAGES.customPromptTooLong],
    ['too many prompts', { custom_prompts: Array.from({ length: CUSTOM_PROMPTS_MAX + 1 }, () => 'p') }, SERVER_MESSAGES.tooManyCustomPrompts],
    ['a number', { custom_prompts: [3] }, SERVER_MESSAGES.customPromptBlank],
    ['a string instead of an array', { custom_prompts: 'Sort it' }, undefined],
    ['no prompts field', {}, undefined],
  ])('refuses %s with 400 and changes nothing', async (_name, body, message) => {
    const { owner, listId } = shared;
    const call = () => t.request({ method: 'PUT', path: `/lists/${listId}/custom-prompts`, token: owner.token, body });
    await expectRefused(t, listId, call, 400, message);
  });

  it('refuses edit and view members (403) and strangers (404), and changes nothing', async () => {
    const { editor, viewer, stranger, listId } = shared;
    const put = (token: string) => () =>
      t.request({ method: 'PUT', path: `/lists/${listId}/custom-prompts`, token, body: { custom_prompts: ['Mine'] } });
    await expectRefused(t, listId, put(editor.token), 403, MESSAGES.listForbidden);
    await expectRefused(t, listId, put(viewer.token), 403, MESSAGES.listForbidden);
    await expectRefused(t, listId, put(stranger.token), 404, MESSAGES.listNotFound);
    await expectRefused(t, listId, () => t.request({ method: 'PUT', path: `/lists/${listId}/custom-prompts`, body: {} }), 401);
  });
});
