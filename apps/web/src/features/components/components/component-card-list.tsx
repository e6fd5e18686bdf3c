import { COMPONENT_SORT_FIELDS } from '@hosewright/domain';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import MenuItem from '@mui/material/MenuItem';
import Pagination from '@mui/material/Pagination';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { UrlGrid } from '@/components/data-grid/url-state';
import { formatNumber } from '@/lib/dates';
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
export function ComponentCardList({
  grid,
  rows,
  total,
  isLoading,
  label,
  sortOptions,
}: ComponentCardListProps) {
  const { t } = useTranslation();
  const { state } = grid;
  const pages = Math.max(1, Math.ceil(total / state.pageSize));
  const sortable = sortOptions.filter((o) => (COMPONENT_SORT_FIELDS as readonly string[]).includes(o.field));
  const from = total === 0 ? 0 : (state.page - 1) * state.pageSize + 1;
  const to = Math.min(total, state.page * state.pageSize);

  return (
    <Box sx={{ display: 'grid', gap: 1.5, minWidth: 0 }}>
      <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1 }}>
        <TextField
          select
          size="small"
          label={t('components.list.sortBy')}
          value={state.sort}
          onChange={(event) => grid.setSort(event.target.value, state.order)}
        >
          {sortable.map((o) => (
            <MenuItem key={o.field} value={o.field}>
              {o.label}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={t('components.list.order')}
          value={state.order}
          onChange={(event) => grid.setSort(state.sort, event.target.value === 'desc' ? 'desc' : 'asc')}
        >
          <MenuItem value="asc">{t('components.list.ascending')}</MenuItem>
          <MenuItem value="desc">{t('components.list.descending')}</MenuItem>
        </TextField>
      </Box>
      <Box
        component="ul"
        aria-label={label}
        aria-busy={isLoading ? 'true' : undefined}
        sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}
      >
        {isLoading && rows.length === 0
          ? [0, 1, 2].map((i) => (
              <Box component="li" key={i} aria-hidden>
                <Card variant="outlined">
                  <CardContent>
                    <Skeleton width="60%" />
                    <Skeleton width="90%" />
                    <Skeleton width="40%" />
                  </CardContent>
                </Card>
              </Box>
            ))
          : rows.map((row) => (
              <Box component="li" key={row._id}>
                <Card variant="outlined">
                  <CardActionArea href={detailRoute(row.kind, row._id)}>
                    <CardContent sx={{ display: 'grid', gap: 0.5 }}>
                      <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                        {componentTitle(row)}
                      </Typography>
                      {row.description ? (
                        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                          {row.description}
                        </Typography>
                      ) : null}
                      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                        {summaryOf(row, t)}
                      </Typography>
                      <OriginChips component={row} />
                    </CardContent>
                  </CardActionArea>
                </Card>
              </Box>
            ))}
      </Box>
      <Box sx={{ display: 'grid', justifyItems: 'center', gap: 0.5 }}>
        <Typography variant="body2" color="text.secondary">
          {t('components.list.showing', {
            from: formatNumber(from),
            to: formatNumber(to),
            total: formatNumber(total),
          })}
        </Typography>
        {pages > 1 ? (
          <Pagination
            count={pages}
            page={Math.min(state.page, pages)}
            onChange={(_event, page) => grid.setPage(page)}
            siblingCount={0}
            size="small"
          />
        ) : null}
      </Box>
    </Box>
  );
}
