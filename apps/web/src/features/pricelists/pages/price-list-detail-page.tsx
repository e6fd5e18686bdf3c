import { type PriceListDetail, priceListPath } from '@hosewright/domain';
import EditIcon from '@mui/icons-material/Edit';
import RequestQuoteOutlinedIcon from '@mui/icons-material/RequestQuoteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { priceListQuery } from '@/api/pricelists';
import { PageHeader } from '@/components/page-header';
import { BackLink, RecordLoad } from '@/components/record-page';
import { Section } from '@/components/section';
import { localDay } from '@/lib/format';
import { useViewer } from '@/lib/use-viewer';
import { AlertsPanel } from '../components/alerts-panel';
import { ItemsTable } from '../components/items-table';
import { VersionList } from '../components/version-list';

/** `/pricelist/{priceListId}` (any member of an enterprise organisation). */
export function PriceListDetailPage() {
  const { t } = useTranslation();
  const { priceListId = '' } = useParams();
  const list = useQuery(priceListQuery(priceListId));
  const { access } = useViewer();
  // The list of price lists is for admins (its rule in `ROUTES`).
  const isAdmin = access?.roles.includes('admin') ?? false;

  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      {isAdmin ? <BackLink href="/pricelists">{t('priceLists.backToList')}</BackLink> : null}
      <RecordLoad
        query={list}
        notFound={t('priceLists.form.notFound')}
        loadFailed={t('priceLists.form.loadFailed')}
      >
        {(loaded) => <Detail list={loaded} isAdmin={isAdmin} />}
      </RecordLoad>
    </Stack>
  );
}

function Detail({ list, isAdmin }: { list: PriceListDetail; isAdmin: boolean }) {
  const { t } = useTranslation();
  const editHref = `${priceListPath(encodeURIComponent(list._id))}/edit`;
  return (
    <>
      <PageHeader
        title={list.name}
        icon={<RequestQuoteOutlinedIcon />}
        subtitle={[list.currency, list.description].filter(Boolean).join(' · ')}
        actions={
          isAdmin ? (
            <Button variant="contained" startIcon={<EditIcon />} href={editHref}>
              {t('priceLists.detail.edit')}
            </Button>
          ) : undefined
        }
      />
      <Section title={t('priceLists.detail.customers')}>
        {list.customers.length === 0 ? (
          <Typography color="text.secondary">{t('priceLists.detail.noCustomers')}</Typography>
        ) : (
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            {list.customers.map((c) => (
              <Chip
                key={c._id}
                component="a"
                href={`/customer/${encodeURIComponent(c._id)}`}
                clickable
                label={c.name}
              />
            ))}
          </Box>
        )}
      </Section>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
        }}
      >
        <Section title={t('priceLists.detail.versions')}>
          <VersionList
            list={list}
            reviewHref={isAdmin ? `${editHref}#review` : undefined}
            today={localDay()}
          />
        </Section>
        <Section title={t('priceLists.detail.alerts')}>
          <AlertsPanel list={list} />
        </Section>
      </Box>
      <Section title={t('priceLists.detail.items')}>
        <ItemsTable list={list} />
      </Section>
    </>
  );
}
