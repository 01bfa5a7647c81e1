import { z } from 'zod';
import { CUSTOM_PROMPT_MAX_LENGTH, CUSTOM_PROMPTS_MAX, LIST_NAME_MAX_LENGTH } from '../constants.ts';
import { SERVER_MESSAGES } from '../messages.ts';
import { trimUnseen } from '../unseen-text.ts';
import { ClientId, ExpectedName, PathId } from './api.ts';
import { ItemView } from './items.ts';
import { SharePermission } from './shares.ts';

/** Payloads of the list calls, shared by Fastify validation and the web client. */

export const ListVisibility = z.enum(['private', 'public'], { error: SERVER_MESSAGES.invalidVisibility });
export type ListVisibility = z.infer<typeof ListVisibility>;

/** Trimmed of what cannot be seen; blank is refused (an empty list name creates nothing). */
export const ListName = z
  .string({ error: SERVER_MESSAGES.listNameRequired })
  .overwrite(trimUnseen)
  .min(1, { error: SERVER_MESSAGES.listNameRequired })
  .max(LIST_NAME_MAX_LENGTH, { error: SERVER_MESSAGES.listNameTooLong });

export const ListIdParams = z.object({ id: PathId });
export type ListIdParams = z.infer<typeof ListIdParams>;

/**
 * `id`: a UUID the client made, so a list created offline has its final id at once and items can
 * be added to it before it reaches the server (decision 008). Creating the same id again answers
 * the list already made; an id another account's list has is refused.
 */
export const CreateListBody = z.strictObject({
  id: ClientId.optional(),
  name: ListName,
});
export type CreateListBody = z.infer<typeof CreateListBody>;

/**
 * `expected_name`: the name the rename started from. When someone renamed the list since, the
 * rename is refused (409) instead of overwriting theirs unseen.
 */
export const RenameListBody = z.strictObject({ name: ListName, expected_name: ExpectedName(LIST_NAME_MAX_LENGTH).optional() });
export type RenameListBody = z.infer<typeof RenameListBody>;

export const VisibilityBody = z.strictObject({
  visibility: ListVisibility,
  public_editable: z.boolean(),
  allow_link_sharing: z.boolean(),
});
export type VisibilityBody = z.infer<typeof VisibilityBody>;

export const CustomPrompt = z
  .string({ error: SERVER_MESSAGES.customPromptBlank })
  .overwrite(trimUnseen)
  .min(1, { error: SERVER_MESSAGES.customPromptBlank })
  .max(CUSTOM_PROMPT_MAX_LENGTH, { error: SERVER_MESSAGES.customPromptTooLong });

export const CustomPromptsBody = z.strictObject({
  custom_prompts: z.array(CustomPrompt).max(CUSTOM_PROMPTS_MAX, { error: SERVER_MESSAGES.tooManyCustomPrompts }),
});
export type CustomPromptsBody = z.infer<typeof CustomPromptsBody>;

/** A member's view of how a list reached them (shareInfo). */
export const ShareInfoView = z.object({
  permission: SharePermission,
  shared_by: z.string().nullable().meta({
    description: "E-mail address of whoever shared the list; null when the member joined by the share link (the owner's address is nobody's business then) or when that account no longer exists.",
  }),
  shared_at: z.string(),
});
export type ShareInfoView = z.infer<typeof ShareInfoView>;

/** An accepted share as the owner's dashboard shows it ("shared: {email}"). */
export const ListShareSummary = z.object({
  user_id: z.string(),
  email: z.string(),
  permission: SharePermission,
});
export type ListShareSummary = z.infer<typeof ListShareSummary>;

export const ListCan = z
  .object({
    editItems: z.boolean(),
    manageList: z.boolean(),
    manageShares: z.boolean(),
    deleteList: z.boolean(),
    leaveList: z.boolean(),
  })
  .meta({
    description:
      "What the caller may do with the list, decided on the server by the one permission matrix (docs/api.md, \"Lists\") and an app's scopes. The client shows controls from this and nothing else; reading is implied.",
  });
export type ListCan = z.infer<typeof ListCan>;

export const LastChangeView = z
  .object({
    by: z.string().meta({ description: 'The author\'s first name, else the part of their address before the @ ("Someone" once the account is gone); never a whole e-mail address.' }),
    by_me: z.boolean().meta({ description: 'Whether the reader made the change.' }),
    summary: z.string().meta({ description: 'What was done, in words (common/list-activity.ts), e.g. "added 3 items", "checked off milk".' }),
    app: z.string().nullable().meta({ description: "The app that made the change for that person (a personal access token's or an OAuth client's name, e.g. \"Claude\"), named instead of them; null when they did it themselves." }),
    at: z.string(),
  })
  .meta({ description: 'Who changed the list last and how; null before any change. Share changes leave it as it was.' });
export type LastChangeView = z.infer<typeof LastChangeView>;

export const ListView = z.object({
  id: z.string(),
  name: z.string(),
  owner_id: z.string().optional().meta({ description: "Only in the owner's own view: nobody else learns who owns a list from it." }),
  visibility: ListVisibility,
  public_editable: z.boolean(),
  allow_link_sharing: z.boolean(),
  custom_prompts: z.array(z.string()),
  created_at: z.string(),
  updated_at: z.string(),
  isOwner: z.boolean(),
  can: ListCan,
  shareInfo: ShareInfoView.optional().meta({ description: 'Only for a member who is not the owner: how the list reached them.' }),
  shares: z.array(ListShareSummary).optional().meta({ description: 'Only for the owner: the accepted shares (pending invitations are in GET /lists/{id}/shares).' }),
  item_count: z.number().int().meta({ description: 'How many items the list has.' }),
  done_count: z.number().int().meta({ description: 'How many of its items are checked off.' }),
  last_change: LastChangeView.nullable(),
});
export type ListView = z.infer<typeof ListView>;

export const ListsResponse = z.object({ lists: z.array(ListView) });
export type ListsResponse = z.infer<typeof ListsResponse>;

export const ListResponse = z.object({ list: ListView });
export type ListResponse = z.infer<typeof ListResponse>;

/** A public list as anyone with the link sees it: nothing about its owner or members. */
export const PublicListView = z.object({
  id: z.string(),
  name: z.string(),
  visibility: z.literal('public'),
  public_editable: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type PublicListView = z.infer<typeof PublicListView>;

/**
 * An item of a public list, read-only: an item as members see it, without its list (the answer's)
 * or its author. Its image URLs are signed as for anyone who may read the list.
 */
export const PublicItemView = ItemView.omit({ list_id: true, created_by: true });
export type PublicItemView = z.infer<typeof PublicItemView>;

/** A public list with one page of its items (`next`: the cursor of the following page, as for GET items). */
export const PublicListResponse = z.object({ list: PublicListView, items: z.array(PublicItemView), next: z.string().nullable() });
export type PublicListResponse = z.infer<typeof PublicListResponse>;
