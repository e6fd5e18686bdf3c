import type { Warehouse } from '@hosewright/domain';
import WarehouseIcon from '@mui/icons-material/Warehouse';
import Stack from '@mui/material/Stack';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { warehouseQuery } from '@/api/warehouses';
import { PageHeader } from '@/components/page-header';
import { BackLink, RecordLoad } from '@/components/record-page';
import { useSnackbarStore } from '@/lib/snackbar-store';
import { EDIT_SECTIONS, type EditSection, WarehouseForm } from '../components/warehouse-form';

const sectionOf = (editType: string | undefined): EditSection | undefined =>
  EDIT_SECTIONS.find((section) => section === editType);

/**
 * `/warehouses/new`, `/warehouse/{warehouseId}/edit` and `/warehouse/{warehouseId}/edit/{editType}` (members
 * of a professional or enterprise organisation). `editType` `details` or `locations` opens the form at that
 * section; anything else is the plain edit.
 */
export function WarehouseEditPage() {
  const { t } = useTranslation();
  const { warehouseId, editType } = useParams();
  const navigate = useNavigate();
  const showSnackbar = useSnackbarStore((s) => s.show);
  const isNew = warehouseId === undefined;
  const warehouse = useQuery(warehouseQuery(warehouseId ?? ''));
  const back = isNew ? '/warehouses' : `/warehouse/${encodeURIComponent(warehouseId)}`;

  const onSaved = (saved: Warehouse) => {
    showSnackbar('success', t('warehouses.form.saved'));
    navigate(`/warehouse/${encodeURIComponent(saved._id)}`);
  };

  return (
    <Stack spacing={2} sx={{ minWidth: 0, maxWidth: 960 }}>
      <BackLink href={back}>
        {isNew ? t('warehouses.backToList') : (warehouse.data?.name ?? t('warehouses.backToList'))}
      </BackLink>
      <PageHeader
        title={
          isNew
            ? t('warehouses.form.newTitle')
            : t('warehouses.form.editTitle', { name: warehouse.data?.name ?? '' })
        }
        icon={<WarehouseIcon />}
      />
      {isNew ? (
        <WarehouseForm onSaved={onSaved} onCancel={() => navigate(back)} />
      ) : (
        <RecordLoad
          query={warehouse}
          notFound={t('warehouses.form.notFound')}
          loadFailed={t('warehouses.form.loadFailed')}
        >
          {(loaded) => (
            <WarehouseForm
              key={loaded._id}
              warehouse={loaded}
              focus={sectionOf(editType)}
              onSaved={onSaved}
              onCancel={() => navigate(back)}
            />
          )}
        </RecordLoad>
      )}
    </Stack>
  );
}
