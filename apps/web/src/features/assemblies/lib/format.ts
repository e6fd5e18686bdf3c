/** How the counter reads an assembly's parts: '-8 (1/2")', 'JIC37 F -8 90°'. Lengths and pressures: `useUnits`. */
import { DASH_SIZES, END_TYPES } from '@hosewright/domain';

export function toNumber(value: unknown): number | null {
  if (value === null || value === undefined || value === '') return null;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : null;
}

export function formatDash(dash: unknown): string {
  const n = toNumber(dash);
  if (n === null) return '';
  const inch = DASH_SIZES.find((d) => d.dash === n)?.inch;
  return inch ? `${n} (${inch})` : String(n);
}

export function endTypeLabel(code: unknown): string {
  if (typeof code !== 'string' || !code) return '';
  return END_TYPES.find((e) => e.code === code)?.label ?? code;
}

/** 'JIC37 F -8 90°' for a fitting-like part. */
export function endLabel(part: { endType?: string; gender?: string; dash?: number; angle?: number }): string {
  const gender = part.gender && part.gender !== '-' ? ` ${part.gender}` : '';
  const angle = part.angle ? ` ${part.angle}°` : ' straight';
  return `${part.endType ?? ''}${gender} ${part.dash ?? ''}${angle}`.trim();
}
