/**
 * The text of the signed-in pages beyond the dashboard, merged into `en` when the first of them loads
 * (`loadAppTranslations`): the dashboard's first load carries only `en`. Canadian spelling, as in en.ts.
 */
import { enAssemblies } from './en-assemblies';
import { enBench } from './en-bench';
import { enCustomers } from './en-customers';
import { enEstimates } from './en-estimates';
import { enInventory } from './en-inventory';
import { enKits } from './en-kits';
import { enOrganization } from './en-organization';
import { enPriceLists } from './en-pricelists';
import { enWarehouses } from './en-warehouses';
import { enWorkOrders } from './en-workorders';

export const enApp = {
  assemblies: enAssemblies,
  bench: enBench,
  customers: enCustomers,
  estimates: enEstimates,
  inventory: enInventory,
  kits: enKits,
  organization: enOrganization,
  priceLists: enPriceLists,
  warehouses: enWarehouses,
  workOrders: enWorkOrders,
};
