/**
 * The currencies contracts (`CURRENCY_ENDPOINTS`): every member reads the base currency and the rates,
 * an admin sets them (one transaction per update) or imports rates (the `exchangeRate` import target).
 */
import {
  getCurrencies as getCurrenciesEndpoint,
  updateCurrencies as updateCurrenciesEndpoint,
} from '@hosewright/domain';
import { implement } from '../../api/contract-route.ts';
import type { ModuleDeps, ModuleManifest } from '../../api/manifest.ts';
import { CURRENCY_TARGETS } from './import-targets.ts';
import { getCurrencies, updateCurrencies } from './service.ts';

/** `app.ts` hands every module its deps; the routes and the import target need only the transaction. */
export function currenciesModule(_deps: ModuleDeps): ModuleManifest {
  return {
    routes: [
      implement(getCurrenciesEndpoint).inTransaction((_input, { tx, organizationId }) =>
        getCurrencies(tx, organizationId),
      ),
      implement(updateCurrenciesEndpoint).inTransaction(({ body }, { tx, organizationId }) =>
        updateCurrencies(tx, organizationId, body),
      ),
    ],
    importTargets: CURRENCY_TARGETS,
  };
}
