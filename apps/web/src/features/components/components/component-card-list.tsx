import { COMPONENT_SORT_FIELDS } from '@hosewright/domain';
import { useTranslation } from 'react-i18next';
import { useBaseCurrency } from '@/api/currencies';
import { CardList } from '@/components/data-grid/card-list';
import type { UrlGrid } from '@/components/data-grid/url-state';
import { useUnits } from '@/lib/use-units';
import { componentTitle } from '../lib/format';
import { detailRoute } from '../lib/kinds';
import { type ComponentRow, summaryOf } from './component-columns';
import { OriginChips } from './origin-chips';

export interface ComponentCardListProps {
  grid: UrlGrid;
  rows: readonly ComponentRow[];
  total: number;
  isLoading: boolean;
  label: string;
  /** The sortable columns of the kind (field -> header), in grid order. */
  sortOptions: readonly { field: string; label: string }[];
}

/** The list on phones: one card per item, the same URL state as the grid (page, sort, filters). */
export function ComponentCardList({ sortOptions, ...props }: ComponentCardListProps) {
  const { t } = useTranslation();
  const units = useUnits();
  const currency = useBaseCurrency();
  return (
    <CardList<ComponentRow>
      {...props}
      sortOptions={sortOptions.filter((o) => (COMPONENT_SORT_FIELDS as readonly string[]).includes(o.field))}
      getRowId={(row) => row._id}
      href={(row) => detailRoute(row.kind, row._id)}
      card={(row) => ({
        title: componentTitle(row),
        description: row.description,
        details: summaryOf(row, t, units, currency),
        footer: <OriginChips component={row} />,
      })}
    />
  );
}
