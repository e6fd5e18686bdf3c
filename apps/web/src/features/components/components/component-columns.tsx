import { COMPONENT_SORT_FIELDS, type Component, type ComponentKind } from '@hosewright/domain';
import Link from '@mui/material/Link';
import type { GridColDef } from '@mui/x-data-grid';
import type { TFunction } from 'i18next';
import type { Units } from '@/lib/use-units';
import {
  endTypeLabel,
  formatAngle,
  formatCelsius,
  formatCost,
  formatDash,
  formatGender,
  formatPieces,
  formatRange,
  formatYesNo,
} from '../lib/format';
import { detailRoute } from '../lib/kinds';
import { OriginChips } from './origin-chips';

export type ComponentRow = Component & Record<string, unknown>;
type Column = GridColDef<ComponentRow>;

const SORTABLE: ReadonlySet<string> = new Set(COMPONENT_SORT_FIELDS);

type ColumnField =
  | 'brand'
  | 'description'
  | 'series'
  | 'dash'
  | 'workingPressurePsi'
  | 'temperature'
  | 'minBendRadiusMm'
  | 'skive'
  | 'endType'
  | 'gender'
  | 'angle'
  | 'pieces'
  | 'cutoffMm'
  | 'endA'
  | 'endB'
  | 'style'
  | 'fitsOd'
  | 'tempMaxC'
  | 'productGroup'
  | 'supplier'
  | 'cost';

/** The grid columns of a kind: identity, the kind's key attributes with their units, cost, and the source. */
export function columnsFor(kind: ComponentKind, t: TFunction, units: Units, currency?: string): Column[] {
  const diameter = (mm: unknown) => units.length(mm, { inchDecimals: 3 });
  /** A formatted value; sortable exactly when the server can sort by the field. */
  const column = (
    field: ColumnField,
    format: (row: ComponentRow) => string,
    options: Partial<Column> = {},
  ): Column => ({
    field,
    headerName: t(`components.fields.${field}`),
    sortable: SORTABLE.has(field),
    filterable: false,
    minWidth: 110,
    valueGetter: (_value, row) => format(row),
    ...options,
  });
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  const right = { align: 'right', headerAlign: 'right' } as const;

  const partNumber: Column = {
    field: 'partNumber',
    headerName: t('components.fields.partNumber'),
    sortable: true,
    filterable: false,
    flex: 1,
    minWidth: 150,
    renderCell: (params) => (
      <Link
        href={detailRoute(params.row.kind, params.row._id)}
        tabIndex={params.tabIndex}
        underline="hover"
        sx={{ fontWeight: 600 }}
        onClick={(event) => event.stopPropagation()}
      >
        {params.row.partNumber}
      </Link>
    ),
  };
  const origin: Column = {
    field: 'origin',
    headerName: t('components.fields.origin'),
    sortable: false,
    filterable: false,
    minWidth: 170,
    renderCell: (params) => <OriginChips component={params.row} />,
  };
  const series = column('series', (r) => text(r.series), { minWidth: 90 });
  const dash = column('dash', (r) => formatDash(r.dash));
  const pressure = column('workingPressurePsi', (r) => units.pressure(r.workingPressurePsi), {
    minWidth: 150,
    ...right,
  });
  const angle = column('angle', (r) => formatAngle(t, r.angle), { minWidth: 90 });
  const skive = column('skive', (r) => formatYesNo(t, r.skive), { minWidth: 80 });

  const specific: Record<ComponentKind, Column[]> = {
    hose: [
      series,
      dash,
      pressure,
      column('temperature', (r) => formatRange(t, r.tempMinC, r.tempMaxC, formatCelsius), { minWidth: 140 }),
      column('minBendRadiusMm', (r) => units.length(r.minBendRadiusMm), { minWidth: 130, ...right }),
      skive,
    ],
    crimpFitting: [
      series,
      dash,
      column('endType', (r) => endTypeLabel(r.endType), { minWidth: 170 }),
      column('gender', (r) => formatGender(t, r.gender), { minWidth: 90 }),
      angle,
      column('pieces', (r) => formatPieces(t, r.pieces), { minWidth: 170 }),
      column('cutoffMm', (r) => units.length(r.cutoffMm, { inchDecimals: 2 }), { minWidth: 90, ...right }),
      pressure,
    ],
    ferrule: [series, dash, skive],
    adaptor: [
      column('endA', (r) => text(r.endA), { minWidth: 130 }),
      column('endB', (r) => text(r.endB), { minWidth: 130 }),
      angle,
      pressure,
    ],
    wrap: [
      column('style', (r) => text(r.style), { minWidth: 170 }),
      column('fitsOd', (r) => formatRange(t, r.fitsOdMinMm, r.fitsOdMaxMm, diameter), { minWidth: 140 }),
      column('tempMaxC', (r) => formatCelsius(r.tempMaxC), { minWidth: 120, ...right }),
    ],
    otherItem: [
      column('productGroup', (r) => text(r.productGroup), { minWidth: 130 }),
      column('supplier', (r) => text(r.supplier), { minWidth: 130 }),
    ],
  };

  return [
    partNumber,
    column('brand', (r) => r.brand, { minWidth: 100 }),
    column('description', (r) => r.description, { flex: 1.5, minWidth: 200 }),
    ...specific[kind],
    column('cost', (r) => formatCost(t, r.cost, r.costUnit, currency), { minWidth: 120, ...right }),
    origin,
  ];
}

/** One line of a kind's key attributes, for the phone cards: '-8 (1/2") · SN · 4,000 psi'. */
export function summaryOf(component: ComponentRow, t: TFunction, units: Units, currency?: string): string {
  const diameter = (mm: unknown) => units.length(mm, { inchDecimals: 3 });
  const parts: string[] = [];
  const add = (value: string) => {
    if (value) parts.push(value);
  };
  switch (component.kind) {
    case 'hose':
      add(formatDash(component.dash));
      add(component.series);
      add(units.pressure(component.workingPressurePsi));
      break;
    case 'crimpFitting':
      add(formatDash(component.dash));
      add(component.series);
      add(endTypeLabel(component.endType));
      add(formatGender(t, component.gender));
      add(formatAngle(t, component.angle));
      add(units.pressure(component.workingPressurePsi));
      break;
    case 'ferrule':
      add(formatDash(component.dash));
      add(component.series);
      break;
    case 'adaptor':
      add(`${component.endA} → ${component.endB}`);
      add(formatAngle(t, component.angle));
      add(units.pressure(component.workingPressurePsi));
      break;
    case 'wrap':
      add(component.style);
      add(formatRange(t, component.fitsOdMinMm, component.fitsOdMaxMm, diameter));
      break;
    case 'otherItem':
      add(component.productGroup ?? '');
      break;
  }
  add(formatCost(t, component.cost, component.costUnit, currency));
  return parts.join(' · ');
}
