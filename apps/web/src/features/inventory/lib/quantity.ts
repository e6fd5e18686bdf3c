/** Quantities of stock as the screens read and write them: the units offered, typed numbers, signed figures. */
import {
  formatStockQuantity,
  MM_PER_UNIT,
  type QuantityUnit,
  type StockUnit,
  stockLengthUnit,
  type UnitSystem,
} from '@hosewright/domain';

/** The units a length of stock may be given in, the reader's own first. */
export const LENGTH_UNITS = ['m', 'ft', 'in', 'mm'] as const satisfies readonly QuantityUnit[];

/** A counted part is given in pieces only; a length in m, ft, in or mm. */
export function unitsOffered(stockUnit: StockUnit): readonly QuantityUnit[] {
  return stockUnit === 'each' ? ['each'] : LENGTH_UNITS;
}

/** What a quantity field starts in: each, or the reader's length unit (m or ft). */
export function defaultUnit(stockUnit: StockUnit, system: UnitSystem): QuantityUnit {
  return stockUnit === 'each' ? 'each' : stockLengthUnit(system);
}

/** A typed number ('12.5', '12,5', '-3'); NaN when the text is not one, undefined when it is empty. */
export function parseNumber(text: string): number | undefined {
  const trimmed = text.trim().replace(/\s/g, '').replace(',', '.');
  if (trimmed === '') return undefined;
  return Number(trimmed);
}

/** A figure in the stock unit as field text in `unit` ('12.5' m for 12500 mm); '' for none. */
export function quantityInputText(value: number | null | undefined, unit: QuantityUnit): string {
  if (value === null || value === undefined) return '';
  const shown = unit === 'each' ? value : value / MM_PER_UNIT[unit];
  return String(Number(shown.toFixed(unit === 'mm' || unit === 'each' ? 1 : 3)));
}

/** `+12.50 m`, `−3`: the sign always shown, for a movement or a difference. */
export function formatSignedQuantity(value: number, stockUnit: StockUnit, system: UnitSystem): string {
  const shown = formatStockQuantity(Math.abs(value), stockUnit, system);
  if (value > 0) return `+${shown}`;
  if (value < 0) return `−${shown}`;
  return shown;
}
