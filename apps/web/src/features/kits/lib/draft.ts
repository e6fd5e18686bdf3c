/**
 * The kit form's state: what a person typed (numbers as text, so a half-typed "2." stays on screen) and
 * the request body it becomes.
 */
import type { HoseKit, HoseKitInputDraft, KitLineType } from '@hosewright/domain';

export interface LineDraft {
  /** Stable key for React (lines move and disappear). */
  key: string;
  lineType: KitLineType;
  hoseAssemblyId?: string;
  componentId?: string;
  /** What the picker showed: the assembly's title or the component's part number. */
  label: string;
  description: string;
  quantity: string;
  unitCost: string;
}

export interface KitDraft {
  partNumber: string;
  description: string;
  customerId: string;
  customerName: string;
  machine: string;
  notes: string;
  lines: LineDraft[];
}

let keySeq = 0;
export const newLineKey = () => `line-${++keySeq}`;

export function emptyDraft(customer?: { id: string; name: string }): KitDraft {
  return {
    partNumber: '',
    description: '',
    customerId: customer?.id ?? '',
    customerName: customer?.name ?? '',
    machine: '',
    notes: '',
    lines: [],
  };
}

export function draftOf(kit: HoseKit): KitDraft {
  return {
    partNumber: kit.partNumber,
    description: kit.description,
    customerId: kit.customerId ?? '',
    customerName: kit.customerName ?? '',
    machine: kit.machine,
    notes: kit.notes,
    lines: kit.lines.map((line) => ({
      key: newLineKey(),
      lineType: line.lineType,
      ...(line.hoseAssemblyId ? { hoseAssemblyId: line.hoseAssemblyId } : {}),
      ...(line.componentId ? { componentId: line.componentId } : {}),
      label: line.partNumber,
      // An assembly or component line shows its own description unless one was typed.
      description:
        line.lineType === 'other' ||
        (line.description !== line.assembly?.description && line.description !== line.component?.description)
          ? line.description
          : '',
      quantity: String(line.quantity),
      unitCost: line.unitCostOverride === null ? '' : String(line.unitCostOverride),
    })),
  };
}

/** '2,5' and ' 2.5 ' read as 2.5; anything else as NaN (the server names the line). */
export function parseNumber(text: string): number {
  const cleaned = text.trim().replace(',', '.');
  return cleaned === '' ? Number.NaN : Number(cleaned);
}

export function inputOf(draft: KitDraft): HoseKitInputDraft {
  return {
    partNumber: draft.partNumber,
    description: draft.description,
    customerId: draft.customerId || null,
    machine: draft.machine,
    notes: draft.notes,
    lines: draft.lines.map((line) => ({
      lineType: line.lineType,
      hoseAssemblyId: line.hoseAssemblyId ?? null,
      componentId: line.componentId ?? null,
      description: line.description,
      quantity: parseNumber(line.quantity),
      unitCost: line.unitCost.trim() === '' ? null : parseNumber(line.unitCost),
    })),
  };
}
