/**
 * The warehouse form's state: what the person typed, converted to the domain contract on save and checked
 * with the same zod schema the server uses (`warehouseInputSchema`), so the messages are the server's.
 */
import {
  type Address,
  isEmptyAddress,
  type Warehouse,
  type WarehouseInput,
  type WarehouseKind,
  warehouseInputSchema,
} from '@hosewright/domain';
import { isApiError } from '@/lib/api';

export interface LocationDraft {
  /** A stable key for the row while it is edited (the location's id, or a made-up one for a new row). */
  key: string;
  /** The saved location's id; none for a new one. */
  _id?: string;
  code: string;
  name: string;
}

export interface WarehouseDraft {
  code: string;
  name: string;
  kind: WarehouseKind;
  region: string;
  address: Address;
  notes: string;
  active: boolean;
  isDefault: boolean;
  locations: LocationDraft[];
}

export const EMPTY_ADDRESS: Address = {
  line1: '',
  line2: '',
  city: '',
  region: '',
  postalCode: '',
  country: '',
};

let nextKey = 0;
/** A row key no saved location has. */
export const newLocationKey = () => {
  nextKey += 1;
  return `new-${nextKey}`;
};

export const newLocation = (): LocationDraft => ({ key: newLocationKey(), code: '', name: '' });

export function draftOf(warehouse?: Warehouse): WarehouseDraft {
  if (!warehouse) {
    return {
      code: '',
      name: '',
      kind: 'warehouse',
      region: '',
      address: { ...EMPTY_ADDRESS },
      notes: '',
      active: true,
      isDefault: false,
      locations: [],
    };
  }
  return {
    code: warehouse.code,
    name: warehouse.name,
    kind: warehouse.kind,
    region: warehouse.region,
    address: { ...EMPTY_ADDRESS, ...(warehouse.address ?? {}) },
    notes: warehouse.notes,
    active: warehouse.active,
    isDefault: warehouse.isDefault,
    locations: warehouse.locations.map((l) => ({ key: l._id, _id: l._id, code: l.code, name: l.name })),
  };
}

/**
 * What the form sends, before validation. `isDefault` goes only when switched on: left out keeps the
 * warehouse as it is (the contract refuses false on the default; the switch cannot be turned off there).
 */
export function rawInputOf(draft: WarehouseDraft): Record<string, unknown> {
  return {
    code: draft.code,
    name: draft.name,
    kind: draft.kind,
    region: draft.region,
    address: isEmptyAddress(draft.address) ? null : draft.address,
    notes: draft.notes,
    active: draft.active,
    ...(draft.isDefault ? { isDefault: true } : {}),
    locations: draft.locations.map((l) => ({ ...(l._id ? { _id: l._id } : {}), code: l.code, name: l.name })),
  };
}

/** Field path ('locations.0.code') -> message, the first message of each field. */
export type FormErrors = Record<string, string>;

export function validateDraft(draft: WarehouseDraft): { input: WarehouseInput | null; errors: FormErrors } {
  const parsed = warehouseInputSchema.safeParse(rawInputOf(draft));
  if (parsed.success) return { input: parsed.data, errors: {} };
  const errors: FormErrors = {};
  for (const issue of parsed.error.issues) {
    const path = issue.path.join('.');
    if (!(path in errors)) errors[path] = issue.message;
  }
  return { input: null, errors };
}

/**
 * A refusal of the server on its field: a conflict names one (`details.field`: code, active, isDefault,
 * locations), a bad request lists the contract's issues with their paths.
 */
export function serverErrorsOf(error: unknown): FormErrors | null {
  if (!isApiError(error)) return null;
  const details = error.body.details;
  if (isApiError(error, 'CONFLICT') && typeof details?.field === 'string') {
    return { [details.field]: error.message };
  }
  if (isApiError(error, 'BAD_REQUEST') && Array.isArray(details?.issues)) {
    const onFields: FormErrors = {};
    for (const issue of details.issues as { path?: unknown[]; message?: unknown }[]) {
      const path = Array.isArray(issue.path) ? issue.path.join('.') : '';
      if (path && typeof issue.message === 'string') onFields[path] ??= issue.message;
    }
    return Object.keys(onFields).length > 0 ? onFields : null;
  }
  return null;
}
