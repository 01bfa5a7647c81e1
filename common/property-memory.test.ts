import { describe, expect, it } from 'vitest';
import { rememberedProperties, withRememberedProperties } from './property-memory.ts';

describe('rememberedProperties', () => {
  it('keeps everything but the quantity, under either of its names', () => {
    const properties = { qty: '2 gallons', quantity: 2, department: 'Dairy', tag_organic: true, name_fr: 'lait' };
    expect(rememberedProperties(properties)).toEqual({ department: 'Dairy', tag_organic: true, name_fr: 'lait' });
  });

  it('remembers nothing of a quantity alone, and does not change its input', () => {
    const properties = { qty: '3' };
    expect(rememberedProperties(properties)).toEqual({});
    expect(properties).toEqual({ qty: '3' });
  });
});

describe('withRememberedProperties', () => {
  const remembered = { qty: '2 gallons', department: 'Dairy', brand: 'Acme' };

  it('never re-applies a remembered quantity to a plain name', () => {
    expect(withRememberedProperties(remembered, {})).toEqual({ department: 'Dairy', brand: 'Acme' });
  });

  it('lets what was typed win', () => {
    expect(withRememberedProperties(remembered, { qty: '3' })).toEqual({ department: 'Dairy', brand: 'Acme', qty: '3' });
    expect(withRememberedProperties({ department: 'Dairy' }, { department: 'Fridge' })).toEqual({ department: 'Fridge' });
  });

  it('starts from what was typed when nothing is remembered', () => {
    expect(withRememberedProperties(undefined, { qty: '1 l' })).toEqual({ qty: '1 l' });
  });
});
