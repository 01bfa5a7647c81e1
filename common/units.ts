/**
 * The units a typed quantity may carry ("2 bottles", "1,5 kg", "3 tbsp") and what each measures, so
 * the parser can take "1,5 kg" off "1,5 kg flour" and a sort by quantity can put 500 g before 1 kg.
 * Data, read by common/item-input.ts: the English units of the product's add bar, the metric ones
 * every European shop prints, and the kitchen ones of recipes.
 *
 * `measure`: what the unit counts. Amounts of one measure compare in its base unit (`per` of it):
 * pieces, grams, millilitres. A container ("2 bottles") is a measure of its own: bottles are not
 * compared with bags.
 */

export type Measure = 'count' | 'mass' | 'volume' | 'bag' | 'bottle' | 'box' | 'bunch' | 'can' | 'carton' | 'jar' | 'pack';

/** [measure, base units per unit, spellings (lower case)]. */
const UNIT_ROWS: readonly (readonly [Measure, number, readonly string[]])[] = [
  ['count', 1, ['piece', 'pieces', 'pc', 'pcs']],
  ['count', 12, ['dozen']],
  ['mass', 1, ['g', 'gram', 'grams']],
  ['mass', 1000, ['kg', 'kilo', 'kilos', 'kilogram', 'kilograms']],
  ['mass', 0.001, ['mg']],
  ['mass', 453.59237, ['pound', 'pounds', 'lb', 'lbs']],
  ['mass', 28.349523125, ['ounce', 'ounces', 'oz']],
  ['volume', 1, ['ml']],
  ['volume', 10, ['cl']],
  ['volume', 100, ['dl']],
  ['volume', 1000, ['liter', 'liters', 'litre', 'litres', 'l']],
  ['volume', 4.92892159375, ['tsp']],
  ['volume', 14.78676478125, ['tbsp']],
  ['volume', 236.5882365, ['cup', 'cups']],
  ['volume', 3785.411784, ['gallon', 'gallons']],
  ['bag', 1, ['bag', 'bags']],
  ['bottle', 1, ['bottle', 'bottles']],
  ['box', 1, ['box', 'boxes']],
  ['bunch', 1, ['bunch', 'bunches']],
  ['can', 1, ['can', 'cans']],
  ['carton', 1, ['carton', 'cartons']],
  ['jar', 1, ['jar', 'jars']],
  ['pack', 1, ['pack', 'packs']],
];

export interface Unit {
  measure: Measure;
  per: number;
}

/** Each spelling of a unit (lower case) to what it measures. */
export const UNITS: ReadonlyMap<string, Unit> = new Map(
  UNIT_ROWS.flatMap(([measure, per, spellings]) => spellings.map((spelling) => [spelling, { measure, per }] as const)),
);

/** The order measures sort in: things counted, then weights, then volumes, then each container by name. */
export const MEASURE_ORDER: readonly Measure[] = ['count', 'mass', 'volume', 'bag', 'bottle', 'box', 'bunch', 'can', 'carton', 'jar', 'pack'];
