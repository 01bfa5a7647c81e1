import { describe, expect, it } from 'vitest';
import { draftFromPiece, draftsFromInputs, withMemory } from './item-drafts.ts';

describe('draftsFromInputs', () => {
  it('splits each entry and keeps the order across entries', () => {
    const drafts = draftsFromInputs(['2 bottles milk, eggs', 'bread and butter']);
    expect(drafts.map((draft) => [draft.content, draft.parsed])).toEqual([
      ['milk', { qty: '2 bottles' }],
      ['eggs', {}],
      ['bread', {}],
      ['butter', {}],
    ]);
  });

  it('drops pieces that hold no name', () => {
    expect(draftsFromInputs([', ,', ' and '])).toEqual([]);
  });
});

describe('draftFromPiece', () => {
  it('never splits: a rename stays one item', () => {
    expect(draftFromPiece('3 salt and pepper')).toMatchObject({ content: 'salt and pepper', parsed: { qty: '3' } });
  });
});

describe('withMemory', () => {
  const [draft] = draftsFromInputs(['2 cans beans']);

  it('starts from the base properties and lets the typed quantity win', () => {
    expect(withMemory(draft!, { qty: '1 can', department: 'Pantry' })).toEqual({ qty: '2 cans', department: 'Pantry' });
  });

  it("keeps the base's quantity when none was typed: on a PUT of content alone, the item's own", () => {
    // Remembered properties never hold one (recallProperties leaves it out; property-memory.test.ts).
    const [plain] = draftsFromInputs(['beans']);
    expect(withMemory(plain!, { qty: '1 can' })).toEqual({ qty: '1 can' });
  });
});

