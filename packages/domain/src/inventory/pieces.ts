/**
 * Hose by length, in pieces (ADR 19): a level of an item stocked by length is made of pieces (a reel as it
 * came in, or what is left of one after cuts), each with its length, batch and date code. A piece shorter
 * than the organisation's remnant length is a remnant; hose older than its shelf life from the date code is
 * not picked. This module holds the rules: when a piece is a remnant or past its shelf life, and the order a
 * work order's cuts are taken in.
 */
import { z } from 'zod';

/** A date code is the month the hose was made: '2026-03'. */
export const DATE_CODE_PATTERN = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** The month a date code names, as a count of months since year 0 (comparable). */
function monthIndex(dateCode: string): number | null {
  const match = DATE_CODE_PATTERN.exec(dateCode);
  if (!match) return null;
  return Number(match[1]) * 12 + Number(match[2]) - 1;
}

function dateCodeOf(index: number): string {
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}`;
}

/** Today's month as a date code (UTC). */
export function currentDateCode(today: Date = new Date()): string {
  return dateCodeOf(today.getUTCFullYear() * 12 + today.getUTCMonth());
}

/**
 * The last month hose made in `dateCode` may be used: the month `shelfLifeMonths` after it, less one
 * (made 2022-03 with 48 months: up to 2026-02). Null without a date code.
 */
export function useByOf(dateCode: string | null, shelfLifeMonths: number): string | null {
  const made = dateCode === null ? null : monthIndex(dateCode);
  if (made === null) return null;
  return dateCodeOf(made + shelfLifeMonths - 1);
}

/** Past its shelf life: this month is after its use-by month. Hose without a date code never is. */
export function isPastShelfLife(dateCode: string | null, shelfLifeMonths: number, today: Date = new Date()) {
  const useBy = useByOf(dateCode, shelfLifeMonths);
  return useBy !== null && currentDateCode(today) > useBy;
}

/**
 * The oldest date code still within its shelf life this month: hose made in this month or later may be
 * picked (`isPastShelfLife` is the same rule, one piece at a time). Date codes compare as text.
 */
export function oldestUsableDateCode(shelfLifeMonths: number, today: Date = new Date()): string {
  return dateCodeOf(today.getUTCFullYear() * 12 + today.getUTCMonth() - shelfLifeMonths + 1);
}

/** A remnant: a piece shorter than the organisation's remnant length, with some hose left. */
export function isRemnant(lengthMm: number, remnantLengthMm: number): boolean {
  return lengthMm > 0 && lengthMm < remnantLengthMm;
}

/** What the pick order reads of a piece. */
export interface PickablePiece {
  /** Free length, mm: the piece's length less what other work orders hold of it. */
  free: number;
  remnant: boolean;
  dateCode: string | null;
  /** ISO date-time the piece came in; the older first among pieces of one month. */
  receivedAt: string;
}

/**
 * The order a cut is taken in, among pieces long enough for it: remnants first, the shortest that fits (so
 * the smallest offcut is used up); then the oldest date code first (first in, first out; pieces without a
 * date code last), the earlier received first; then the shortest free length, so a reel already cut into is
 * finished before a full one is opened. Negative: `a` first.
 */
export function comparePickOrder(a: PickablePiece, b: PickablePiece): number {
  if (a.remnant !== b.remnant) return a.remnant ? -1 : 1;
  if (a.remnant) return a.free - b.free || a.receivedAt.localeCompare(b.receivedAt);
  if (a.dateCode !== b.dateCode) {
    if (a.dateCode === null) return 1;
    if (b.dateCode === null) return -1;
    return a.dateCode < b.dateCode ? -1 : 1;
  }
  return a.receivedAt.localeCompare(b.receivedAt) || a.free - b.free;
}

/** The batch and date code a receipt or return of hose may carry. */
export const batchSchema = z
  .string({ error: 'The batch must be text' })
  .trim()
  .max(40, 'The batch must be at most 40 characters');
export const dateCodeSchema = z
  .string({ error: 'Enter the date code as a month, e.g. 2026-03' })
  .trim()
  .regex(DATE_CODE_PATTERN, 'Enter the date code as a month, e.g. 2026-03');
