import { describe, expect, it } from 'vitest';
import { createOfflineProvider } from './offline-provider.ts';
import { readPromptIntents } from './prompt-intents.ts';

/** The offline assistant without a database: classification, translation and custom prompts. */

const provider = createOfflineProvider();

describe('classify', () => {
  it('gives departments, categories and common priorities', async () => {
    expect(await provider.classify(['toilet paper', 'potato chips', 'frozen spinach', 'tinned tomatoes', 'xylophone'], 'standard')).toEqual([
      { department: 'Household', category: 'Paper Goods', priority: 'high' },
      { department: 'Snacks & Sweets', category: 'Chips & Crackers', priority: 'low' },
      { department: 'Frozen', category: 'Frozen Vegetables & Fruit', priority: 'medium' },
      { department: 'Canned & Jarred', category: 'Canned Vegetables', priority: 'medium' },
      { department: 'Other', category: 'Other', priority: 'medium' },
    ]);
  });

  it('reads names in the main European languages', async () => {
    const departments = (await provider.classify(['Vollmilch', 'pain de mie', 'pechuga de pollo', 'carta igienica', 'pindakaas', 'azeite'], 'standard')).map(
      (entry) => entry.department,
    );
    expect(departments).toEqual(['Dairy & Eggs', 'Bakery', 'Meat & Seafood', 'Household', 'Breakfast & Cereal', 'Condiments & Sauces']);
  });
});

describe('translate', () => {
  it.each([
    ['de', ['Milk', 'eggs', 'apples', 'toilet paper', 'olive oil'], ['Milch', 'Eier', 'Äpfel', 'Toilettenpapier', 'Olivenöl']],
    ['fr', ['Milk', 'eggs', 'apples', 'toilet paper', 'olive oil'], ['Lait', 'œufs', 'pommes', 'papier toilette', "huile d'olive"]],
    ['es', ['bread', 'cheese', 'chicken', 'rice', 'coffee'], ['pan', 'queso', 'pollo', 'arroz', 'café']],
    ['it', ['bread', 'cheese', 'chicken', 'rice', 'coffee'], ['pane', 'formaggio', 'pollo', 'riso', 'caffè']],
    ['nl', ['bread', 'cheese', 'chicken', 'peanut butter', 'coffee'], ['brood', 'kaas', 'kip', 'pindakaas', 'koffie']],
    ['pt', ['bread', 'cheese', 'butter', 'tomatoes', 'coffee'], ['pão', 'queijo', 'manteiga', 'tomates', 'café']],
    ['en', ['Milch', 'pommes', 'Brot', 'queso', 'Kartoffeln'], ['Milk', 'apples', 'Bread', 'cheese', 'Potatoes']],
  ])('into %s', async (language, names, expected) => {
    expect(await provider.translate(names, language, 'standard')).toEqual(expected);
  });

  it('answers undefined for a name it does not know, and refuses a language it does not speak', async () => {
    expect(await provider.translate(['flux capacitor'], 'fr', 'standard')).toEqual([undefined]);
    await expect(provider.translate(['milk'], 'ja', 'standard')).rejects.toMatchObject({ kind: 'notImplemented' });
  });
});

describe('custom prompts', () => {
  it.each([
    ['Group by aisle', ['department'], []],
    ['Sort items by store section', ['department'], []],
    ['Add a category to each item', ['category'], []],
    ['Mark what is most important', ['priority'], []],
    ['Translate to French and German', [], ['de', 'fr']],
    ['Add the Spanish name', [], ['es']],
    ['Nach Abteilung und Kategorie ordnen', ['department', 'category'], []],
    // Plurals, as most people write them (sweep 15 #2).
    ['Add departments', ['department'], []],
    ['Group by aisles', ['department'], []],
    ['Sort by sections', ['department'], []],
    ['Agrupar por pasillos y secciones', ['department'], []],
    ['Indeling in afdelingen', ['department'], []],
    ['Show the types of items', ['category'], []],
    // A language named in another lexicon language.
    ['Traduire en allemand', [], ['de']],
    ['Traducir al inglés y al portugués', [], ['en', 'pt']],
    ['Vertaal naar het Frans', [], ['fr']],
    ['Mark art supplies as important', ['priority'], []],
    ['Write a haiku', [], []],
  ])('"%s" asks for %j and translations into %j', (prompt, keys, languages) => {
    expect(readPromptIntents(prompt)).toEqual({ keys, languages });
  });

  it('runs what it understands, and refuses the rest with 501', async () => {
    expect(await provider.runPrompt('Group by aisle and translate to Italian', ['milk', 'gizmo'], 'standard')).toEqual([
      { department: 'Dairy & Eggs', name_it: 'latte' },
      { department: 'Other' },
    ]);
    await expect(provider.runPrompt('Write a haiku', ['milk'], 'standard')).rejects.toMatchObject({ kind: 'notImplemented' });
  });
});
