/**
 * Property memory (docs/api.md, "Items"): the one
 * rule for what of an item's properties is remembered under its name (`itemNameKey`) and how the
 * remembered properties meet what was typed. The server's memory and the web client's
 * propertyCache both follow it, so an optimistic item looks like the one the server answers.
 *
 * A quantity belongs to one purchase, not to the thing bought: the "2 gallons" of last week's milk
 * say nothing about the next "milk". So a quantity is never remembered nor re-applied; a new item's
 * quantity is only ever the one typed.
 */

type Properties = Record<string, unknown>;

/** The properties that hold a quantity. */
export const QUANTITY_KEYS: readonly string[] = ['qty', 'quantity'];

/** What of an item's properties is remembered for its name: all but the quantity. */
export function rememberedProperties(properties: Properties): Properties {
  return Object.fromEntries(Object.entries(properties).filter(([key]) => !QUANTITY_KEYS.includes(key)));
}

/**
 * The properties a new item starts with: the remembered ones (never a quantity, even from memory
 * kept before this rule), then what was typed, which wins.
 */
export function withRememberedProperties(remembered: Properties | undefined, typed: Properties): Properties {
  return { ...rememberedProperties(remembered ?? {}), ...typed };
}
