import { describe, expect, it } from 'vitest';
import { AI_DEPARTMENTS } from '../../../common/ai.ts';
import { GROCERY_TERMS, LEXICON_LANGUAGES } from './grocery-terms.ts';
import { createLexicon, normalizeName, parseGroceryTerms } from './lexicon.ts';

const lexicon = createLexicon();
const english = (name: string) => lexicon.match(name).entry?.names.en[0];

describe('the grocery terms', () => {
  it('parse into entries with a department, a category, a priority and names in every language', () => {
    const entries = parseGroceryTerms(GROCERY_TERMS);
    expect(entries.length).toBeGreaterThan(400);
    for (const entry of entries) {
      expect(AI_DEPARTMENTS).toContain(entry.department);
      for (const language of LEXICON_LANGUAGES) expect(entry.names[language].length, entry.names.en[0]).toBeGreaterThan(0);
    }
    // Every department but Other has things in it.
    expect(new Set(entries.map((entry) => entry.department)).size).toBe(AI_DEPARTMENTS.length - 1);
  });

  it('give each name, in each language, to one entry only', () => {
    for (const language of LEXICON_LANGUAGES) {
      const owner = new Map<string, string>();
      const clashes: string[] = [];
      for (const entry of parseGroceryTerms(GROCERY_TERMS)) {
        for (const name of entry.names[language]) {
          const form = normalizeName(name);
          const known = owner.get(form);
          if (known !== undefined && known !== entry.names.en[0]) clashes.push(`${language}: "${name}" is ${known} and ${entry.names.en[0]}`);
          owner.set(form, entry.names.en[0]!);
        }
      }
      expect(clashes).toEqual([]);
    }
  });

  it('refuse a malformed line, an unknown department or priority', () => {
    expect(() => parseGroceryTerms('# Produce\n## Fruit\napples | Äpfel')).toThrow(/malformed/);
    expect(() => parseGroceryTerms('# Garden\n## Tools\nrake | a | b | c | d | e | f')).toThrow(/unknown department/);
    expect(() => parseGroceryTerms('# Produce\n## Fruit !urgent')).toThrow(/unknown priority/);
  });
});

describe('lexicon.match', () => {
  it.each([
    ['Apples', 'apples'],
    ['2 bottles Milk', 'milk'],
    ['Crème Fraîche', 'crème fraîche'],
    ['creme fraiche', 'crème fraîche'],
    ['Milch', 'milk'],
    ['œufs', 'eggs'],
    ['pommes de terre', 'potatoes'],
    ['bananna', 'bananas'],
    ['organic baby spinach', 'spinach'],
    ['boneless skinless chicken breasts', 'chicken breast'],
    ['strawberry yogurt', 'yogurt'],
    ['jus de pamplemousse', 'juice'],
    ['Roggenbrötchen', 'rolls'],
    ['pepper', 'pepper'],
    ['peppers', 'peppers'],
    ['raisins', 'raisins'],
  ])('%s is %s', (name, expected) => {
    expect(english(name)).toBe(expected);
  });

  it('tells frozen and canned things apart from fresh ones', () => {
    expect(lexicon.match('Tiefkühlspinat')).toMatchObject({ frozen: true, entry: { names: { en: ['spinach', 'baby spinach'] } } });
    expect(lexicon.match('canned pears')).toMatchObject({ canned: true, entry: { names: { en: ['pears', 'pear'] } } });
    expect(lexicon.match('peaches')).toMatchObject({ canned: false, frozen: false });
  });

  it('knows nothing of names it has never seen, nor of short near-misses', () => {
    expect(lexicon.match('flux capacitor').entry).toBeUndefined();
    expect(lexicon.match('ric').entry).toBeUndefined();
    expect(lexicon.match('').entry).toBeUndefined();
  });
});

describe('lexicon.find', () => {
  it('takes a whole name only, not the things around it', () => {
    expect(lexicon.find('Äpfel')?.names.fr[0]).toBe('pommes');
    expect(lexicon.find('strawberry yogurt')).toBeUndefined();
  });
});
