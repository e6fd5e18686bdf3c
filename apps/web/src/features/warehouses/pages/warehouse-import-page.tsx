import { useTranslation } from 'react-i18next';
// The shared import wizard (it imports any target the server knows).
import { TargetImportPage } from '@/components/import-wizard/target-import-page';

/** `/warehouses/import` (admins of a professional or enterprise organisation): warehouses and locations. */
export function WarehouseImportPage() {
  const { t } = useTranslation();
  return (
    <TargetImportPage
      target="warehouse"
      path="/warehouses/import"
      title={t('warehouses.importPage.title')}
      subtitle={t('warehouses.importPage.subtitle')}
      list={{
        href: '/warehouses',
        backLabel: t('warehouses.backToList'),
        viewLabel: t('warehouses.importPage.viewList'),
      }}
      changes={['warehouses', 'organization']}
      kindLabel={t('warehouses.importPage.kind')}
      fieldLabel={(name) => t(`warehouses.importFields.${name as 'code'}`, { defaultValue: name })}
    />
  );
}
