import { describe, expect, it } from 'vitest';
import { can, roleOf, type ListAccessFacts, type ListAction, type ListRole } from './permissions.ts';

const privateList: ListAccessFacts = {
  ownerId: 'owner',
  visibility: 'private',
  publicEditable: false,
  sharePermission: undefined,
};

describe('roleOf', () => {
  it.each<[string, Partial<ListAccessFacts>, string | undefined, ListRole]>([
    ['the owner', {}, 'owner', 'owner'],
    ['an admin member', { sharePermission: 'admin' }, 'u', 'admin'],
    ['an edit member', { sharePermission: 'edit' }, 'u', 'edit'],
    ['a view member', { sharePermission: 'view' }, 'u', 'view'],
    ['a view member of a public editable list', { sharePermission: 'view', visibility: 'public', publicEditable: true }, 'u', 'view'],
    ['a stranger on a private list', {}, 'u', 'none'],
    ['a visitor on a private list', {}, undefined, 'none'],
    ['a stranger on a private editable list', { publicEditable: true }, 'u', 'none'],
    ['a stranger on a public list', { visibility: 'public' }, 'u', 'public'],
    ['a stranger on a public editable list', { visibility: 'public', publicEditable: true }, 'u', 'public-editable'],
    ['a visitor on a public editable list', { visibility: 'public', publicEditable: true }, undefined, 'public'],
  ])('%s', (_name, facts, userId, role) => {
    expect(roleOf({ ...privateList, ...facts }, userId)).toBe(role);
  });
});

describe('can', () => {
  // The permission matrix (docs/api.md, "Lists") row by row, with leave-list (decision 023): Y yes, - no.
  const table: Record<ListAction, string> = {
    //             owner admin edit view pub-ed pub none
    read:            'Y     Y     Y    Y    Y     Y   -',
    'edit-items':    'Y     Y     Y    -    Y     -   -',
    'manage-list':   'Y     Y     -    -    -     -   -',
    'manage-shares': 'Y     Y     -    -    -     -   -',
    'leave-list':    '-     Y     Y    Y    -     -   -',
    'delete-list':   'Y     -     -    -    -     -   -',
  };
  const roles: ListRole[] = ['owner', 'admin', 'edit', 'view', 'public-editable', 'public', 'none'];

  for (const [action, row] of Object.entries(table) as [ListAction, string][]) {
    const cells = row.split(/\s+/);
    it.each(roles.map((role, index) => [role, cells[index] === 'Y'] as const))(`${action} by %s: %s`, (role, allowed) => {
      expect(can(role, action)).toBe(allowed);
    });
  }
});
