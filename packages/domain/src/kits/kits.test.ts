import { describe, expect, test } from 'vitest';
import { hoseKitInputSchema, hoseKitLineInputSchema, kitIssueMessage, kitTitle, rollUpKit } from './kits.ts';

const ASSEMBLY = '11111111-1111-4111-8111-111111111111';
const COMPONENT = '22222222-2222-4222-8222-222222222222';

function issues(value: unknown): string[] {
  const parsed = hoseKitLineInputSchema.safeParse(value);
  return parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
}

describe('kit lines', () => {
  test('an assembly line needs the assembly, a component line the component', () => {
    expect(issues({ lineType: 'hoseAssembly', quantity: 2 })).toEqual([
      'hoseAssemblyId: Choose the hose assembly',
    ]);
    expect(issues({ lineType: 'component', quantity: 1, componentId: 'abc' })).toEqual([
      'componentId: Choose the component',
    ]);
    expect(issues({ lineType: 'hoseAssembly', hoseAssemblyId: ASSEMBLY, quantity: 2 })).toEqual([]);
  });

  test('an other item needs a description and a unit cost', () => {
    expect(issues({ lineType: 'other', quantity: 1 })).toEqual([
      'description: Describe the other item',
      'unitCost: Enter the other item’s unit cost',
    ]);
    expect(issues({ lineType: 'other', quantity: 1, description: 'Clamp kit', unitCost: 0 })).toEqual([]);
  });

  test('the quantity must be more than 0', () => {
    expect(issues({ lineType: 'component', componentId: COMPONENT, quantity: 0 })).toEqual([
      'quantity: The quantity must be more than 0',
    ]);
    expect(issues({ lineType: 'component', componentId: COMPONENT, quantity: -1 })).toHaveLength(1);
    expect(issues({ lineType: 'component', componentId: COMPONENT, quantity: 2.5 })).toEqual([]);
  });

  test('a line keeps only the id its type uses', () => {
    const line = hoseKitLineInputSchema.parse({
      lineType: 'component',
      componentId: COMPONENT,
      hoseAssemblyId: ASSEMBLY,
      quantity: 1,
    });
    expect(line.hoseAssemblyId).toBeUndefined();
    expect(line.componentId).toBe(COMPONENT);
  });

  test('issues on lines name the line a person sees', () => {
    const parsed = hoseKitInputSchema.safeParse({
      partNumber: 'KIT-1',
      lines: [
        { lineType: 'hoseAssembly', hoseAssemblyId: ASSEMBLY, quantity: 1 },
        { lineType: 'other', quantity: 1, unitCost: 3 },
      ],
    });
    expect(parsed.success).toBe(false);
    const first = parsed.error?.issues[0];
    expect(kitIssueMessage(first?.path ?? [], first?.message ?? '')).toBe('Line 2: Describe the other item');
  });

  test('a kit parses with defaults and without a customer', () => {
    expect(hoseKitInputSchema.parse({ partNumber: 'KIT-1', customerId: '' })).toEqual({
      partNumber: 'KIT-1',
      customerId: undefined,
      description: '',
      machine: '',
      notes: '',
      lines: [],
    });
  });
});

describe('kit title and roll-up', () => {
  test('title is part number, delimiter and revision', () => {
    expect(kitTitle('KIT-100', 'B')).toBe('KIT-100_B');
    expect(kitTitle('KIT-100', 'B', '-')).toBe('KIT-100-B');
  });

  test('each line is priced with the customer’s terms for its product group, then totalled', () => {
    const terms = {
      marginPct: 30,
      discountPct: 10,
      productGroupTerms: [{ productGroup: 'Fittings', marginPct: 50, discountPct: 0 }],
    };
    const rollup = rollUpKit(
      [
        { quantity: 2, unitCost: 70 }, // 70 / 0.7 = 100, less 10% = 90; x2 = 180
        { quantity: 4, unitCost: 5, productGroup: 'FITTINGS' }, // 5 / 0.5 = 10; x4 = 40
        { quantity: 1, unitCost: null },
      ],
      terms,
    );
    expect(rollup.lines[0]).toMatchObject({ unitPrice: 90, extendedCost: 140, extendedPrice: 180 });
    expect(rollup.lines[1]).toMatchObject({
      unitPrice: 10,
      extendedPrice: 40,
      marginPct: 50,
      discountPct: 0,
    });
    expect(rollup.lines[2]).toMatchObject({ unitPrice: null, extendedPrice: null });
    expect(rollup.totals).toEqual({ cost: 160, price: 220, linesWithoutCost: 1, marginPct: 27.27 });
  });

  test('without a customer the default margin applies', () => {
    expect(rollUpKit([{ quantity: 3, unitCost: 7 }]).totals).toMatchObject({ cost: 21, price: 30 });
  });

  test('an empty kit costs nothing', () => {
    expect(rollUpKit([]).totals).toEqual({ cost: 0, price: 0, linesWithoutCost: 0, marginPct: null });
  });
});
