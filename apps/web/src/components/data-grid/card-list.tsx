/**
 * A list on phones: one card per row with the same URL state as the grid beside it (page, sort, order,
 * filters), a sort and order choice above and the range and paging below. Each list says what a card shows.
 */
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import MenuItem from '@mui/material/MenuItem';
import Pagination from '@mui/material/Pagination';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '@/lib/format';
import type { UrlGrid } from './url-state';

/** What one card shows: a title (with an optional badge beside it), a description and detail lines. */
export interface CardContentParts {
  title: ReactNode;
  badge?: ReactNode;
  description?: ReactNode;
  details?: ReactNode;
  footer?: ReactNode;
}

export interface CardListProps<T> {
  grid: UrlGrid;
  rows: readonly T[];
  total: number;
  isLoading: boolean;
  label: string;
  /** The sortable fields, in the order offered. */
  sortOptions: readonly { field: string; label: string }[];
  getRowId: (row: T) => string;
  href: (row: T) => string;
  card: (row: T) => CardContentParts;
}

const wrap = { overflowWrap: 'anywhere' } as const;

export function CardList<T>({
  grid,
  rows,
  total,
  isLoading,
  label,
  sortOptions,
  getRowId,
  href,
  card,
}: CardListProps<T>) {
  const { t } = useTranslation();
  const { state } = grid;
  const pages = Math.max(1, Math.ceil(total / state.pageSize));
  const from = total === 0 ? 0 : (state.page - 1) * state.pageSize + 1;
  const to = Math.min(total, state.page * state.pageSize);

  return (
    <Box sx={{ display: 'grid', gap: 1.5, minWidth: 0 }}>
      <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1 }}>
        <TextField
          select
          size="small"
          label={t('lists.sortBy')}
          value={state.sort}
          onChange={(event) => grid.setSort(event.target.value, state.order)}
        >
          {sortOptions.map((o) => (
            <MenuItem key={o.field} value={o.field}>
              {o.label}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={t('lists.order')}
          value={state.order}
          onChange={(event) => grid.setSort(state.sort, event.target.value === 'desc' ? 'desc' : 'asc')}
        >
          <MenuItem value="asc">{t('lists.ascending')}</MenuItem>
          <MenuItem value="desc">{t('lists.descending')}</MenuItem>
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
          : rows.map((row) => {
              const parts = card(row);
              return (
                <Box component="li" key={getRowId(row)}>
                  <Card variant="outlined">
                    <CardActionArea href={href(row)}>
                      <CardContent sx={{ display: 'grid', gap: 0.5 }}>
                        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
                          <Typography sx={{ fontWeight: 600, flex: 1, ...wrap }}>{parts.title}</Typography>
                          {parts.badge}
                        </Box>
                        {parts.description ? (
                          <Typography variant="body2" color="text.secondary" sx={wrap}>
                            {parts.description}
                          </Typography>
                        ) : null}
                        {parts.details ? (
                          <Typography variant="body2" sx={wrap}>
                            {parts.details}
                          </Typography>
                        ) : null}
                        {parts.footer}
                      </CardContent>
                    </CardActionArea>
                  </Card>
                </Box>
              );
            })}
      </Box>
      {total > 0 ? (
        <Box sx={{ display: 'grid', justifyItems: 'center', gap: 0.5 }}>
          <Typography variant="body2" color="text.secondary">
            {t('lists.showing', {
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
      ) : null}
    </Box>
  );
}
