import { useTranslation } from 'react-i18next';
// The shared import wizard (it imports any target the server knows), with the stock take's check step.
import { TargetImportPage } from '@/components/import-wizard/target-import-page';
import { StockCountCheck } from '../components/stock-count-check';

const CHECK = { Check: StockCountCheck };

/**
 * `/inventory/import` (admin, professional or enterprise): a stock take. The file's counted quantities
 * replace what the ledger says (each difference becomes a `count` movement); after the mapping,
 * `checkStockCount` shows every difference and its value before Start commits them.
 */
export function StockTakePage() {
  const { t } = useTranslation();
  return (
    <TargetImportPage
      target="stockCount"
      path="/inventory/import"
      title={t('inventory.stockTake.title')}
      subtitle={t('inventory.stockTake.subtitle')}
      list={{
        href: '/inventory',
        backLabel: t('inventory.backToList'),
        viewLabel: t('inventory.stockTake.viewList'),
      }}
      changes={['inventory', 'warehouses']}
      kindLabel={t('inventory.stockTake.kind')}
      fieldLabel={(name) => t(`inventory.importFields.${name as 'partNumber'}`, { defaultValue: name })}
      check={{ ...CHECK, label: t('inventory.stockTake.check') }}
    />
  );
}
