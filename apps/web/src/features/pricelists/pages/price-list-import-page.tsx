import { useTranslation } from 'react-i18next';
// The shared import wizard (it imports any target the server knows).
import { TargetImportPage } from '@/components/import-wizard/target-import-page';

/**
 * `/pricelists/import` (admins of an enterprise organisation): rows name their price list and fill its
 * draft, all-or-nothing (ADR 21); each draft is then reviewed and published on its list's page, which the
 * price lists page marks "Draft ready to review".
 */
export function PriceListImportPage() {
  const { t } = useTranslation();
  return (
    <TargetImportPage
      target="priceList"
      path="/pricelists/import"
      title={t('priceLists.importPage.title')}
      subtitle={t('priceLists.importPage.subtitle')}
      list={{
        href: '/pricelists',
        backLabel: t('priceLists.backToList'),
        viewLabel: t('priceLists.importPage.viewList'),
      }}
      changes={['priceLists']}
      kindLabel={t('priceLists.importPage.kind')}
      fieldLabel={(name) => t(`priceLists.importFields.${name as 'priceList'}`, { defaultValue: name })}
    />
  );
}
