import { describe, expect, it } from 'vitest';
import { dateFormat, formatDateTime, formatMoney, formatNumber, localDay, numberFormat } from './format';

describe('formatters', () => {
  it('reads figures in the language asked for', () => {
    expect(formatNumber(1234.5, 'en-US')).toBe('1,234.5');
    expect(formatNumber(1234.5, 'de-DE')).toBe('1.234,5');
    expect(formatMoney(1234.5, 'USD', 'en-US')).toBe('$1,234.50');
    expect(formatMoney(42, 'USD', 'en-US')).toBe('$42');
    expect(formatDateTime('2026-11-02T09:14:00Z', 'en-US')).toBe(
      new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }).format(
        new Date('2026-11-02T09:14:00Z'),
      ),
    );
    expect(formatDateTime('not a date', 'en-US')).toBe('');
  });

  it('makes each formatter once per language and options, so a long table does not rebuild it per cell', () => {
    expect(numberFormat({ maximumFractionDigits: 2 }, 'en-US')).toBe(
      numberFormat({ maximumFractionDigits: 2 }, 'en-US'),
    );
    expect(numberFormat({ maximumFractionDigits: 2 }, 'en-US')).not.toBe(
      numberFormat({ maximumFractionDigits: 2 }, 'fr-FR'),
    );
    expect(dateFormat({ dateStyle: 'medium' }, 'en-US')).toBe(dateFormat({ dateStyle: 'medium' }, 'en-US'));
    expect(dateFormat({ dateStyle: 'medium' }, 'en-US')).not.toBe(dateFormat({ dateStyle: 'long' }, 'en-US'));
  });
});

describe('localDay', () => {
  it("names the reader's calendar day, and the days around it across a month and a year", () => {
    const evening = new Date(2026, 11, 31, 23, 30);
    expect(localDay(0, evening)).toBe('2026-12-31');
    expect(localDay(1, evening)).toBe('2027-01-01');
    expect(localDay(-31, evening)).toBe('2026-11-30');
  });
});
