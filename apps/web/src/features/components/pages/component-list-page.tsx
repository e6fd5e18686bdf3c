import type { ComponentKind, Origin } from '@hosewright/domain';
import AddIcon from '@mui/icons-material/Add';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import { componentListQuery } from '@/api/components';
import { useBaseCurrency } from '@/api/currencies';
import { UrlDataGrid } from '@/components/data-grid/url-data-grid';
import { type QueryPatch, useUrlGrid } from '@/components/data-grid/url-state';
import { EmptyState } from '@/components/empty-state';
import { LibraryOffer } from '@/components/library-offer';
import { PageHeader } from '@/components/page-header';
import { BackLink } from '@/components/record-page';
import { useUnits } from '@/lib/use-units';
import { ComponentCardList } from '../components/component-card-list';
import { type ComponentRow, columnsFor } from '../components/component-columns';
import { ComponentFilters } from '../components/component-filters';
import { KindIcon } from '../components/kind-icon';
import { detailRoute, hasCatalogue, isOrigin, kindFromSlug, listRoute, slugOf } from '../lib/kinds';
import { FILTER_KEYS, hasFilters, LIST_DEFAULTS, toListQuery } from '../lib/list-query';
import { useIsAdmin } from '../lib/use-is-admin';

/** `/components/{itemType}` and `/components/{itemType}/{originType}` (admin only, as `ROUTES` says). */
export function ComponentListPage() {
  const { itemType = '', originType } = useParams();
  const kind = kindFromSlug(itemType);
  const isOriginValid =
    originType === undefined ||
    (isOrigin(originType) && (originType === 'custom' || (kind && hasCatalogue(kind))));
  if (!kind || !isOriginValid) return <UnknownList />;
  return (
    <ComponentList
      key={`${kind}-${originType ?? ''}`}
      kind={kind}
      origin={originType as Origin | undefined}
    />
  );
}

function UnknownList() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <Stack spacing={3} sx={{ maxWidth: 640 }}>
      <PageHeader title={t('components.overview.title')} icon={<KindIcon kind={undefined} />} />
      <Typography>{t('components.list.unknownList', { path: pathname })}</Typography>
      <Box>
        <Button variant="outlined" href="/components" startIcon={<ArrowBackIcon />}>
          {t('components.list.backToLibrary')}
        </Button>
      </Box>
    </Stack>
  );
}

function ComponentList({ kind, origin }: { kind: ComponentKind; origin: Origin | undefined }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const isXs = useMediaQuery(theme.breakpoints.only('xs'), { noSsr: true });
  const navigate = useNavigate();
  const isAdmin = useIsAdmin();
  const grid = useUrlGrid(LIST_DEFAULTS);
  const query = toListQuery(grid.params, grid.state, origin);
  const list = useQuery(componentListQuery(kind, origin === 'custom' ? 'custom' : 'all', query));
  const units = useUnits();
  const currency = useBaseCurrency();
  const columns = useMemo(() => columnsFor(kind, t, units, currency), [kind, t, units, currency]);
  const rows = (list.data?.items ?? []) as ComponentRow[];
  const total = list.data?.total ?? 0;
  const plural = t(`components.kinds.${kind}.plural`);
  const isFiltered = hasFilters(grid.params);
  const isEmpty = !list.isPending && !list.isPlaceholderData && total === 0;

  // Switching the source keeps the filters and sort, and starts again at page 1.
  const carried = new URLSearchParams(grid.params);
  carried.delete('page');
  const search = carried.toString() ? `?${carried.toString()}` : '';
  const originTab = origin ?? 'all';

  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      <BackLink href="/components">{t('components.overview.title')}</BackLink>
      <PageHeader
        title={origin ? t(`components.list.titleWithOrigin.${origin}`, { kinds: plural }) : plural}
        icon={<KindIcon kind={kind} />}
        actions={
          isAdmin ? (
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
              <Button variant="contained" startIcon={<AddIcon />} href={`/${slugOf(kind)}/new`}>
                {t(`components.kinds.${kind}.new`)}
              </Button>
              <Button
                variant="outlined"
                startIcon={<UploadFileIcon />}
                href={`/components/import?kind=${kind}`}
              >
                {t('components.list.import')}
              </Button>
            </Stack>
          ) : null
        }
      />
      {hasCatalogue(kind) ? (
        <Tabs
          value={originTab}
          aria-label={t('components.list.originTabs')}
          variant="scrollable"
          allowScrollButtonsMobile
        >
          <Tab value="all" label={t('components.origin.all')} href={`${listRoute(kind)}${search}`} />
          <Tab
            value="catalogue"
            label={t('components.origin.catalogue')}
            href={`${listRoute(kind, 'catalogue')}${search}`}
          />
          <Tab
            value="custom"
            label={t('components.origin.custom')}
            href={`${listRoute(kind, 'custom')}${search}`}
          />
        </Tabs>
      ) : null}
      <ComponentFilters kind={kind} params={grid.params} update={grid.update} />
      {isEmpty && !isFiltered ? <LibraryOffer /> : null}
      {isEmpty ? (
        <EmptyList
          kind={kind}
          isFiltered={isFiltered}
          isAdmin={isAdmin}
          onClear={() => grid.update(clearedFilters())}
        />
      ) : isXs ? (
        <ComponentCardList
          grid={grid}
          rows={rows}
          total={total}
          isLoading={list.isFetching}
          label={plural}
          sortOptions={columns.map((c) => ({ field: c.field, label: c.headerName ?? c.field }))}
        />
      ) : (
        <UrlDataGrid<ComponentRow>
          grid={grid}
          columns={columns}
          rows={rows}
          rowCount={total}
          isLoading={list.isFetching}
          label={plural}
          getRowId={(row) => row._id}
          onOpenRow={(row) => navigate(detailRoute(row.kind, row._id))}
        />
      )}
    </Stack>
  );
}

function clearedFilters(): QueryPatch {
  return Object.fromEntries(FILTER_KEYS.map((key) => [key, null]));
}

function EmptyList({
  kind,
  isFiltered,
  isAdmin,
  onClear,
}: {
  kind: ComponentKind;
  isFiltered: boolean;
  isAdmin: boolean;
  onClear: () => void;
}) {
  const { t } = useTranslation();
  return (
    <EmptyState
      icon={<KindIcon kind={kind} />}
      title={isFiltered ? t('components.list.noMatch') : t(`components.kinds.${kind}.empty`)}
      text={
        isFiltered
          ? t('components.list.noMatchHelp')
          : isAdmin
            ? t('components.list.emptyHelpAdmin', { newLabel: t(`components.kinds.${kind}.new`) })
            : t('components.list.emptyHelp')
      }
    >
      {isFiltered ? (
        <Button variant="contained" onClick={onClear}>
          {t('components.list.clearFilters')}
        </Button>
      ) : isAdmin ? (
        <>
          <Button variant="contained" startIcon={<AddIcon />} href={`/${slugOf(kind)}/new`}>
            {t(`components.kinds.${kind}.new`)}
          </Button>
          <Button variant="outlined" href={`/components/import?kind=${kind}`}>
            {t('components.list.importFile')}
          </Button>
          <Button href="/components#sample-data">{t('components.list.sampleData')}</Button>
        </>
      ) : null}
    </EmptyState>
  );
}
