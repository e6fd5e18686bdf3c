import type { Warehouse } from '@hosewright/domain';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import EditIcon from '@mui/icons-material/Edit';
import Inventory2Icon from '@mui/icons-material/Inventory2';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { currenciesQuery } from '@/api/currencies';
import { useDeleteWarehouse, warehouseQuery } from '@/api/warehouses';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { PageHeader, type PageTool } from '@/components/page-header';
import { BackLink, RecordLoad } from '@/components/record-page';
import { Section } from '@/components/section';
import { isApiError } from '@/lib/api';
import { formatMoney, formatNumber } from '@/lib/format';
import { useSnackbarStore } from '@/lib/snackbar-store';
import { KindIcon } from '../components/kind-icon';

/** `/warehouse/{warehouseId}` (members of a professional or enterprise organisation). */
export function WarehouseDetailPage() {
  const { t } = useTranslation();
  const { warehouseId = '' } = useParams();
  const warehouse = useQuery(warehouseQuery(warehouseId));

  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      <BackLink href="/warehouses">{t('warehouses.backToList')}</BackLink>
      <RecordLoad
        query={warehouse}
        notFound={t('warehouses.form.notFound')}
        loadFailed={t('warehouses.form.loadFailed')}
      >
        {(loaded) => <WarehouseDetail warehouse={loaded} />}
      </RecordLoad>
    </Stack>
  );
}

function WarehouseDetail({ warehouse }: { warehouse: Warehouse }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [isDeleting, setIsDeleting] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const remove = useDeleteWarehouse();
  const showSnackbar = useSnackbarStore((s) => s.show);
  const baseCurrency = useQuery(currenciesQuery()).data?.baseCurrency;
  const id = encodeURIComponent(warehouse._id);
  const kind = warehouse.kind;

  const tools: PageTool[] = [
    {
      commandId: 'delete',
      icon: <DeleteOutlineIcon fontSize="small" />,
      title: t('warehouses.detail.delete'),
      roles: ['admin'],
    },
  ];

  return (
    <>
      <PageHeader
        title={`${warehouse.code} · ${warehouse.name}`}
        icon={<KindIcon kind={kind} />}
        subtitle={
          <Box
            component="span"
            sx={{ display: 'inline-flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}
          >
            <span>{t(`warehouses.kinds.${kind}`)}</span>
            {warehouse.region ? <span>· {warehouse.region}</span> : null}
            {warehouse.isDefault ? (
              <Chip
                component="span"
                size="small"
                color="primary"
                variant="outlined"
                label={t('warehouses.isDefault')}
              />
            ) : null}
            {warehouse.active ? null : (
              <Chip component="span" size="small" label={t('warehouses.inactive')} />
            )}
          </Box>
        }
        actions={
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <Button variant="contained" startIcon={<EditIcon />} href={`/warehouse/${id}/edit`}>
              {t('warehouses.detail.edit')}
            </Button>
            <Button variant="outlined" startIcon={<Inventory2Icon />} href={`/inventory?warehouseId=${id}`}>
              {t('warehouses.detail.seeStock')}
            </Button>
          </Stack>
        }
        tools={tools}
        onCommand={(_index, tool) => {
          if (tool.commandId === 'delete') {
            setRefusal(null);
            setIsDeleting(true);
          }
        }}
      />
      {refusal ? (
        <Alert severity="warning" role="alert" onClose={() => setRefusal(null)}>
          {refusal}
        </Alert>
      ) : null}
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
        }}
      >
        <Section title={t('warehouses.detail.stock')}>
          <Stack direction="row" spacing={4} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <Figure label={t('warehouses.fields.stockValue')}>
              {formatMoney(warehouse.stockValue, baseCurrency)}
            </Figure>
            <Figure label={t('warehouses.fields.stockLines')}>{formatNumber(warehouse.stockLines)}</Figure>
          </Stack>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {t('warehouses.detail.stockText')}
          </Typography>
        </Section>
        <Section title={t('warehouses.detail.address')}>
          <AddressText address={warehouse.address} />
          <Typography variant="subtitle2" component="h3" sx={{ mt: 2 }}>
            {t('warehouses.detail.notes')}
          </Typography>
          {warehouse.notes ? (
            <Typography sx={{ whiteSpace: 'pre-line' }}>{warehouse.notes}</Typography>
          ) : (
            <Typography color="text.secondary">{t('warehouses.detail.noNotes')}</Typography>
          )}
        </Section>
        <Box sx={{ gridColumn: { md: '1 / -1' } }}>
          <Section
            title={t('warehouses.detail.locations')}
            action={
              <Button size="small" startIcon={<EditIcon />} href={`/warehouse/${id}/edit/locations`}>
                {t('warehouses.detail.edit')}
              </Button>
            }
          >
            {warehouse.locations.length === 0 ? (
              <Typography color="text.secondary">{t('warehouses.detail.noLocations')}</Typography>
            ) : (
              <Table
                size="small"
                aria-label={t('warehouses.detail.locationsTable', { name: warehouse.name })}
              >
                <TableHead>
                  <TableRow>
                    <TableCell>{t('warehouses.fields.locationCode')}</TableCell>
                    <TableCell>{t('warehouses.fields.locationName')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {warehouse.locations.map((location) => (
                    <TableRow key={location._id}>
                      <TableCell sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>{location.code}</TableCell>
                      <TableCell>{location.name}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            )}
          </Section>
        </Box>
      </Box>
      <ConfirmDialog
        open={isDeleting}
        title={t('warehouses.detail.deleteTitle', { name: warehouse.name })}
        confirmLabel={t('warehouses.detail.delete')}
        tone="error"
        isBusy={remove.isPending}
        onCancel={() => setIsDeleting(false)}
        onConfirm={() =>
          remove.mutate(warehouse._id, {
            onSuccess: () => {
              showSnackbar('success', t('warehouses.detail.deleted'));
              navigate('/warehouses');
            },
            onError: (error) => {
              setIsDeleting(false);
              // The server says why (it holds stock, it is the default): that is what the person needs.
              setRefusal(
                isApiError(error, 'CONFLICT')
                  ? error.message
                  : `${t('warehouses.detail.deleteFailed')} ${error.message}`,
              );
            },
          })
        }
      >
        {t('warehouses.detail.deleteText')}
      </ConfirmDialog>
    </>
  );
}

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="h5" component="p" sx={{ fontWeight: 600 }}>
        {children}
      </Typography>
    </Box>
  );
}

function AddressText({ address }: { address: Warehouse['address'] }) {
  const { t } = useTranslation();
  const lines = address
    ? [
        address.line1,
        address.line2,
        [address.city, address.region, address.postalCode].filter(Boolean).join(' '),
        address.country,
      ].filter(Boolean)
    : [];
  if (lines.length === 0) {
    return <Typography color="text.secondary">{t('warehouses.detail.noAddress')}</Typography>;
  }
  return (
    <Typography component="address" sx={{ fontStyle: 'normal', whiteSpace: 'pre-line' }}>
      {lines.join('\n')}
    </Typography>
  );
}
