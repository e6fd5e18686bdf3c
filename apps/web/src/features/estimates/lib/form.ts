/**
 * The estimate forms' state (new and edit): what the person typed, turned into the contract's input and
 * checked with the same zod schemas the server uses (`estimateCreateSchema`, `estimateUpdateSchema`), so the
 * messages on the fields are the server's own. A typed price is in the currency's major unit (12.50) and
 * is sent in minor units (1250, `toMinorUnits`).
 */
import {
  type Estimate,
  type EstimateContact,
  type EstimateCreateInput,
  type EstimateLineInputDraft,
  type EstimateLineType,
  type EstimatePriceRequest,
  type EstimateUpdate,
  estimateCreateSchema,
  estimateLineInputSchema,
  estimateUpdateSchema,
  fromMinorUnits,
  toMinorUnits,
} from '@hosewright/domain';
import type { ZodError } from 'zod';
import type { PickedCustomer } from '@/components/customer-picker';
import { isApiError } from '@/lib/api';

/** One line as typed. */
export interface LineDraft {
  /** A stable key for the row while it is edited. */
  key: string;
  type: EstimateLineType;
  /** The kit, assembly or component sold; null for free text, labour and freight. */
  itemId: string | null;
  /** The item's title or part number, shown on the line ('' for free text). */
  title: string;
  /** The item's description (shown), or the free text typed for other items, labour and freight. */
  description: string;
  quantity: string;
  /** A typed unit price in the major unit ('12.50'), '' for none. */
  price: string;
}

export interface DetailsDraft {
  customer: PickedCustomer | null;
  contact: EstimateContact | null;
  /** `2026-12-01`. */
  estimateDate: string;
  /** `2026-12-31`, or '' for the organisation's validity from the date. */
  validUntil: string;
  description: string;
  notes: string;
}

export interface EstimateDraft {
  details: DetailsDraft;
  lines: LineDraft[];
}

/** Field path ('lines.0.quantity') -> message, the first message of each field. */
export type FormErrors = Record<string, string>;

let nextKey = 0;
export function newLineKey(): string {
  nextKey += 1;
  return `new-${nextKey}`;
}

/** Lines whose item is their description: typing one is not offered. */
export const ITEM_TYPES: readonly EstimateLineType[] = ['kit', 'assembly', 'component'];
export const isItemLine = (line: { type: EstimateLineType; itemId: string | null }) =>
  ITEM_TYPES.includes(line.type) || line.itemId !== null;

export function emptyDetails(customer: PickedCustomer | null, today: string): DetailsDraft {
  return { customer, contact: null, estimateDate: today, validUntil: '', description: '', notes: '' };
}

/** A new line of a type; items come from a picker, the rest are typed. */
export function newLine(type: EstimateLineType, item?: { id: string; title: string; description: string }) {
  const line: LineDraft = {
    key: newLineKey(),
    type,
    itemId: item?.id ?? null,
    title: item?.title ?? '',
    description: item?.description ?? '',
    quantity: '1',
    price: '',
  };
  return line;
}

/** A typed number: '' is NaN (the contract words it), '2,5' reads 2.5. */
export function numberOf(text: string): number {
  const trimmed = text.trim().replace(',', '.');
  return trimmed === '' ? Number.NaN : Number(trimmed);
}

/** The typed price in minor units of `currency`; null when none is typed, NaN when it does not read. */
export function priceOf(text: string, currency: string): number | null {
  if (text.trim() === '') return null;
  const value = numberOf(text);
  return Number.isFinite(value) ? toMinorUnits(value, currency) : Number.NaN;
}

/** One line as the contract takes it: an item line's description is the item's own, so it is not sent. */
export function lineInputOf(line: LineDraft, currency: string): EstimateLineInputDraft {
  return {
    type: line.type,
    itemId: line.itemId,
    description: isItemLine(line) ? '' : line.description,
    quantity: numberOf(line.quantity),
    unitPriceOverride: priceOf(line.price, currency),
  };
}

function detailsInputOf(details: DetailsDraft) {
  return {
    contact: details.contact,
    ...(details.estimateDate ? { estimateDate: details.estimateDate } : {}),
    ...(details.validUntil ? { validUntil: details.validUntil } : {}),
    description: details.description,
    notes: details.notes,
  };
}

export function createInputOf(draft: EstimateDraft, currency: string): EstimateCreateInput {
  return {
    customerId: draft.details.customer?.id ?? '',
    ...detailsInputOf(draft.details),
    lines: draft.lines.map((line) => lineInputOf(line, currency)),
  };
}

function errorsOf(error: ZodError): FormErrors {
  const errors: FormErrors = {};
  for (const issue of error.issues) {
    const path = issue.path.join('.');
    if (!(path in errors)) errors[path] = issue.message;
  }
  return errors;
}

export function validateCreate(
  draft: EstimateDraft,
  currency: string,
): { input: EstimateCreateInput | null; errors: FormErrors } {
  const input = createInputOf(draft, currency);
  const parsed = estimateCreateSchema.safeParse(input);
  return parsed.success ? { input, errors: {} } : { input: null, errors: errorsOf(parsed.error) };
}

/**
 * What the editor prices live: the lines that read (a half-typed one is left out until it does), each
 * with the index of its draft line, so the answer's lines land on the right rows.
 */
export function priceRequestOf(
  draft: EstimateDraft,
  currency: string,
): { request: EstimatePriceRequest | null; rows: number[] } {
  const customerId = draft.details.customer?.id;
  const rows: number[] = [];
  const lines: EstimatePriceRequest['lines'] = [];
  draft.lines.forEach((line, index) => {
    const parsed = estimateLineInputSchema.safeParse(lineInputOf(line, currency));
    if (parsed.success) {
      rows.push(index);
      lines.push(parsed.data);
    }
  });
  if (!customerId || lines.length === 0) return { request: null, rows };
  return {
    request: {
      customerId,
      ...(draft.details.estimateDate ? { estimateDate: draft.details.estimateDate } : {}),
      lines,
    },
    rows,
  };
}

export function lineDraftsOf(estimate: Estimate): LineDraft[] {
  return estimate.lines.map((line) => ({
    key: line._id,
    type: line.type,
    itemId: line.itemId,
    title: line.partNumber,
    description: line.description,
    quantity: String(line.quantity),
    price:
      line.unitPriceOverride === null
        ? ''
        : String(fromMinorUnits(line.unitPriceOverride, estimate.currency)),
  }));
}

export function editDraftOf(estimate: Estimate): EstimateDraft {
  return {
    details: {
      customer: estimate.customer ? { id: estimate.customer._id, name: estimate.customer.name } : null,
      contact: estimate.contact,
      estimateDate: estimate.estimateDate,
      validUntil: estimate.validUntil ?? '',
      description: estimate.description,
      notes: estimate.notes,
    },
    lines: lineDraftsOf(estimate),
  };
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** What the edit form sends: the fields that changed, and every line when any line changed. */
export function updateInputOf(estimate: Estimate, draft: EstimateDraft, currency: string) {
  const { details } = draft;
  const saved = editDraftOf(estimate);
  const change: Record<string, unknown> = {};
  if (details.customer && details.customer.id !== estimate.customer?._id)
    change.customerId = details.customer.id;
  if (!sameJson(details.contact, saved.details.contact)) change.contact = details.contact;
  if (details.estimateDate !== saved.details.estimateDate) change.estimateDate = details.estimateDate;
  if (details.validUntil !== saved.details.validUntil) change.validUntil = details.validUntil || null;
  if (details.description !== estimate.description) change.description = details.description;
  if (details.notes !== estimate.notes) change.notes = details.notes;
  const lines = draft.lines.map((line) => lineInputOf(line, currency));
  if (
    !sameJson(
      lines,
      saved.lines.map((line) => lineInputOf(line, currency)),
    )
  )
    change.lines = lines;
  return change;
}

export function validateUpdate(
  estimate: Estimate,
  draft: EstimateDraft,
  currency: string,
): { input: EstimateUpdate | null; errors: FormErrors } {
  const parsed = estimateUpdateSchema.safeParse(updateInputOf(estimate, draft, currency));
  return parsed.success
    ? { input: parsed.data, errors: {} }
    : { input: null, errors: errorsOf(parsed.error) };
}

/** A bad request's issues on their fields (`details.issues`, the contract's paths); null for any other. */
export function serverErrorsOf(error: unknown): FormErrors | null {
  if (!isApiError(error, 'BAD_REQUEST')) return null;
  const issues = error.body.details?.issues;
  if (!Array.isArray(issues)) return null;
  const onFields: FormErrors = {};
  for (const issue of issues as { path?: unknown; message?: unknown }[]) {
    const path = Array.isArray(issue.path) ? issue.path.join('.') : '';
    if (path && typeof issue.message === 'string') onFields[path] ??= issue.message;
  }
  return Object.keys(onFields).length > 0 ? onFields : null;
}
