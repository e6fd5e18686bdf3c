/**
 * The work order forms' state (new and edit): what the person typed, turned into the contract's input and
 * checked with the same zod schemas the server uses (`workOrderCreateSchema`, `workOrderUpdateSchema`), so
 * the messages on the fields are the server's own.
 */
import {
  normalizeSerialId,
  type WorkOrder,
  type WorkOrderCreateDraft,
  type WorkOrderPriority,
  type WorkOrderSource,
  type WorkOrderUpdate,
  workOrderCreateSchema,
  workOrderUpdateSchema,
} from '@hosewright/domain';
import type { ZodError } from 'zod';
import type { PickedCustomer } from '@/components/customer-picker';
import { isApiError } from '@/lib/api';

/** One assembly to build and how many, as typed. */
export interface LineDraft {
  /** A stable key for the row while it is edited. */
  key: string;
  hoseAssemblyId: string;
  title: string;
  description: string;
  quantity: string;
}

export interface PickedKit {
  id: string;
  title: string;
}

/** The fields every work order has, whatever it is made from. */
export interface DetailsDraft {
  customer: PickedCustomer | null;
  /** '' until the warehouse picker has chosen the default. */
  warehouseId: string;
  /** `2026-12-01`, or '' for none. */
  dueDate: string;
  priority: WorkOrderPriority;
  description: string;
  notes: string;
}

export interface CreateDraft {
  from: WorkOrderSource;
  lines: LineDraft[];
  kit: PickedKit | null;
  kitQuantity: string;
  serialId: string;
  reorderQuantity: string;
  details: DetailsDraft;
}

export interface EditDraft {
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

export function emptyDetails(customer: PickedCustomer | null = null): DetailsDraft {
  return { customer, warehouseId: '', dueDate: '', priority: 'normal', description: '', notes: '' };
}

export function emptyCreateDraft(): CreateDraft {
  return {
    from: 'assemblies',
    lines: [],
    kit: null,
    kitQuantity: '1',
    serialId: '',
    reorderQuantity: '1',
    details: emptyDetails(),
  };
}

/**
 * A typed count as a number: '' is NaN (the contract says "Enter how many to build"), '2,0' reads 2, and
 * anything else that is not a number stays NaN.
 */
export function quantityOf(text: string): number {
  const trimmed = text.trim().replace(',', '.');
  return trimmed === '' ? Number.NaN : Number(trimmed);
}

/**
 * The serial a tag gives: as typed from under the QR code (`7k3m 9q2x ab` reads 7K3M9Q2XAB), or the address
 * the QR code holds when a scanner pastes it (`https://…/qs/7K3M9Q2XAB`).
 */
export function serialFromTag(text: string): string {
  const fromAddress = /\/qs\/([^/?#\s]+)/i.exec(text)?.[1];
  return normalizeSerialId(fromAddress ? decodeURIComponent(fromAddress) : text.trim());
}

function errorsOf(error: ZodError): FormErrors {
  const errors: FormErrors = {};
  for (const issue of error.issues) {
    const path = issue.path.join('.');
    if (!(path in errors)) errors[path] = issue.message;
  }
  return errors;
}

/** What the new work order form sends: only the source chosen, and a customer only when one is named. */
export function createInputOf(draft: CreateDraft): WorkOrderCreateDraft {
  const { details } = draft;
  const shared = {
    // Left out, the server takes the assembly's or kit's customer.
    ...(details.customer ? { customerId: details.customer.id } : {}),
    ...(details.warehouseId ? { warehouseId: details.warehouseId } : {}),
    dueDate: details.dueDate || null,
    priority: details.priority,
    description: details.description,
    notes: details.notes,
  };
  switch (draft.from) {
    case 'assemblies':
      return {
        from: 'assemblies',
        ...shared,
        lines: draft.lines.map((l) => ({
          hoseAssemblyId: l.hoseAssemblyId,
          quantity: quantityOf(l.quantity),
        })),
      };
    case 'kit':
      return {
        from: 'kit',
        ...shared,
        hoseKitId: draft.kit?.id ?? '',
        quantity: quantityOf(draft.kitQuantity),
      };
    case 'reorder':
      return {
        from: 'reorder',
        ...shared,
        serialId: serialFromTag(draft.serialId),
        quantity: quantityOf(draft.reorderQuantity),
      };
  }
}

export function validateCreate(draft: CreateDraft): {
  input: WorkOrderCreateDraft | null;
  errors: FormErrors;
} {
  const input = createInputOf(draft);
  const parsed = workOrderCreateSchema.safeParse(input);
  return parsed.success ? { input, errors: {} } : { input: null, errors: errorsOf(parsed.error) };
}

export function lineDraftsOf(workOrder: WorkOrder): LineDraft[] {
  return workOrder.lines.map((line) => ({
    key: line._id,
    hoseAssemblyId: line.hoseAssembly._id,
    title: line.hoseAssembly.title,
    description: line.hoseAssembly.description,
    quantity: String(line.quantity),
  }));
}

export function editDraftOf(workOrder: WorkOrder): EditDraft {
  return {
    details: {
      customer: workOrder.customer ? { id: workOrder.customer._id, name: workOrder.customer.name } : null,
      warehouseId: workOrder.warehouse._id,
      dueDate: workOrder.dueDate ?? '',
      priority: workOrder.priority,
      description: workOrder.description,
      notes: workOrder.notes,
    },
    lines: lineDraftsOf(workOrder),
  };
}

const sameLines = (a: readonly LineDraft[], b: readonly LineDraft[]) =>
  a.length === b.length &&
  a.every(
    (line, i) =>
      line.hoseAssemblyId === b[i]?.hoseAssemblyId && quantityOf(line.quantity) === quantityOf(b[i].quantity),
  );

/**
 * What the edit form sends: the fields that changed, and the lines and the warehouse only while the work
 * order is a draft (release has reserved stock and numbered units for them). Unchanged lines are not sent, so
 * a reorder's lines keep the serial they replace.
 */
export function updateInputOf(workOrder: WorkOrder, draft: EditDraft): Record<string, unknown> {
  const { details } = draft;
  const saved = editDraftOf(workOrder);
  const change: Record<string, unknown> = {};
  const customerId = details.customer?.id ?? null;
  if (customerId !== (workOrder.customer?._id ?? null)) change.customerId = customerId;
  const isDraft = workOrder.status === 'draft';
  if (isDraft && details.warehouseId && details.warehouseId !== workOrder.warehouse._id) {
    change.warehouseId = details.warehouseId;
  }
  const dueDate = details.dueDate || null;
  if (dueDate !== workOrder.dueDate) change.dueDate = dueDate;
  if (details.priority !== workOrder.priority) change.priority = details.priority;
  if (details.description !== workOrder.description) change.description = details.description;
  if (details.notes !== workOrder.notes) change.notes = details.notes;
  if (isDraft && !sameLines(draft.lines, saved.lines)) {
    change.lines = draft.lines.map((l) => ({
      hoseAssemblyId: l.hoseAssemblyId,
      quantity: quantityOf(l.quantity),
    }));
  }
  return change;
}

export function validateUpdate(
  workOrder: WorkOrder,
  draft: EditDraft,
): { input: WorkOrderUpdate | null; errors: FormErrors } {
  const parsed = workOrderUpdateSchema.safeParse(updateInputOf(workOrder, draft));
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
