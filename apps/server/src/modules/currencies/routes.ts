/**
 * The currencies contracts (`CURRENCY_ENDPOINTS`): every member reads the base currency and the rates,
 * an admin sets them (one transaction per update).
 */
import {
  getCurrencies as getCurrenciesEndpoint,
  updateCurrencies as updateCurrenciesEndpoint,
} from '@hosewright/domain';
import { implement } from '../../api/contract-route.ts';
import type { ModuleDeps, ModuleManifest } from '../../api/manifest.ts';
import { getCurrencies, updateCurrencies } from './service.ts';

/** `app.ts` hands every module its deps; these routes need none beyond the tenant transaction. */
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
  };
}
