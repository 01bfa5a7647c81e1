import type { UserView } from '../../common/schemas/auth.ts';
import type { ListView } from '../../common/schemas/lists.ts';

/** A list as the API answers it to its owner; override what a test is about. */
export function makeList(overrides: Partial<ListView> = {}): ListView {
  return {
    id: 'l1',
    name: 'Picnic',
    owner_id: 'u1',
    visibility: 'private',
    public_editable: false,
    allow_link_sharing: false,
    custom_prompts: [],
    created_at: '2025-01-01T00:00:00.000Z',
    updated_at: '2025-01-01T00:00:00.000Z',
    isOwner: true,
    can: { editItems: true, manageList: true, manageShares: true, deleteList: true, leaveList: false },
    item_count: 0,
    done_count: 0,
    last_change: null,
    ...overrides,
  };
}

/** A signed-in user as the API answers it. */
export function makeUser(overrides: Partial<UserView> = {}): UserView {
  return { id: 'u1', email: 'ada@example.com', first_name: null, can_use_ai: true, email_verified: true, ...overrides };
}
