import { describe, expect, it } from 'vitest';
import { parseItemInput } from './item-input.ts';
import { recipeIngredientLines } from './recipe-ingredients.ts';

/** What the list gets from a line: each item's name and quantity, as the item parser reads the lines. */
const items = (text: string) =>
  recipeIngredientLines(text)
    .flatMap((line) => parseItemInput(line))
    .map((item) => [item.content, item.properties.qty ?? null]);

describe('recipeIngredientLines', () => {
  it.each([
    ['2 onions, finely chopped', [['onions', '2']]],
    ['1 cup flour, sifted', [['flour', '1 cup']]],
    ['salt and pepper to taste', [['salt', null], ['pepper', null]]],
    ['2 tablespoons olive oil', [['olive oil', '2 tbsp']]],
    ['1 ½ teaspoons baking powder', [['baking powder', '1 1/2 tsp']]],
    ['½ cup milk, warm', [['milk', '1/2 cup']]],
    ['3 large eggs, beaten', [['eggs', '3']]],
    ['200 g butter (softened)', [['butter', '200 g']]],
    ['2 cups of grated cheddar cheese', [['cheddar cheese', '2 cups']]],
    ['1 can (400 g) chopped tomatoes', [['tomatoes', '1 can']]],
    ['Fresh parsley, for garnish', [['parsley', null]]],
    ['- 1 kg potatoes, peeled and cubed', [['potatoes', '1 kg']]],
    ['Olive oil, as needed', [['Olive oil', null]]],
    ['1 lemon, juiced (optional)', [['lemon', '1']]],
    ['Freshly ground black pepper', [['ground black pepper', null]]],
    ['500 g ground beef', [['ground beef', '500 g']]],
    ['mac and cheese', [['mac and cheese', null]]],
    ["2 Tbsp. baker's yeast", [["baker's yeast", '2 tbsp']]],
    ['3 cloves garlic, minced', [['garlic', null]]],
    ['1 clove of garlic', [['garlic', null]]],
    ['a pinch of salt', [['salt', null]]],
    ['2 sprigs fresh thyme', [['thyme', null]]],
    ['4 slices of bacon', [['bacon', null]]],
    ['2 heads of lettuce', [['lettuce', '2']]],
    ['Cloves', [['Cloves', null]]],
    ['1 tsp ground cloves', [['ground cloves', '1 tsp']]],
  ])('%s', (line, expected) => {
    expect(items(line)).toEqual(expected);
  });

  it('skips headings and blank lines, and keeps the recipe order', () => {
    const recipe = 'Ingredients:\n\n2 onions, finely chopped\nFor the sauce:\n1 cup flour, sifted\n\nsalt and pepper to taste\n';
    expect(recipeIngredientLines(recipe)).toEqual(['2 onions', '1 cup flour', 'salt', 'pepper']);
  });
});
