/** The signed-in user and their organisation: `/api/v1/user...` and `/api/v1/organization` with its settings. */
import {
  type AnyEndpoint,
  acceptTerms,
  getAllowNegativeStock,
  getDefaultAdaptorBrand,
  getDefaults,
  getDefaultWarehouse,
  getErpName,
  getHasParker,
  getHideInventory,
  getOrganization as getOrganizationEndpoint,
  getRevisionDelimiter,
  getUseBetaFeatures,
  getUser,
  hasAcceptedTerms,
  type OrganizationSettings,
  resendVerificationEmail,
  resetPassword,
  TERMS_VERSION,
  updateOrganization,
  updateUser,
} from '@hosewright/domain';
import { and, eq } from 'drizzle-orm';
import { type ContractRoute, type HandlerResult, implement } from '../../api/contract-route.ts';
import type { ModuleDeps, ModuleManifest } from '../../api/manifest.ts';
import {
  organizationSettings,
  organizations,
  termsAcceptances,
  userProfileColumns,
  users,
} from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { requestPasswordReset, sendVerificationEmail } from '../identity/accounts.ts';
import { withPictures } from '../images/stored.ts';
import { makeDefaultWarehouse } from '../warehouses/default.ts';
import { getOrganization, getSettings, getSettingsView, unitsOf } from './service.ts';

export function organizationModule({ config, database, mailer, realtime }: ModuleDeps): ModuleManifest {
  /** One setting per call, as the app reads them: a JSON boolean or string. */
  const setting = <E extends AnyEndpoint>(endpoint: E, key: keyof OrganizationSettings): ContractRoute =>
    implement(endpoint).inTransaction(
      async (_input, { tx, organizationId }) =>
        (await getSettingsView(tx, organizationId))[key] as HandlerResult<E>,
    );

  return {
    routes: [
      implement(getUser).inTransaction(async (_input, { tx, auth }) => ({
        _id: auth.userId,
        organization_id: auth.organizationId,
        name: auth.name,
        email: auth.email,
        emailVerified: auth.emailVerified,
        ...(await unitsOf(tx, auth.organizationId, auth.userId)),
      })),

      implement(updateUser).inTransaction(async ({ body: change }, { tx, auth }) => {
        if (change.name !== undefined || change.locale !== undefined || change.unitSystem !== undefined) {
          await tx.update(users).set(change).where(eq(users.id, auth.userId));
        }
        const [user] = await tx.select(userProfileColumns).from(users).where(eq(users.id, auth.userId));
        if (!user) throw AppError.notFound('Your user');
        return {
          _id: user.id,
          organization_id: auth.organizationId,
          name: user.name,
          email: user.email,
          emailVerified: user.emailVerifiedAt !== null,
          locale: user.locale as 'en_ca' | 'en_us' | 'en',
          ...(await unitsOf(tx, auth.organizationId, auth.userId)),
        };
      }),

      implement(resetPassword).outsideTransaction(async (_input, { auth }) => {
        await requestPasswordReset(database, mailer, config, auth.email);
        return { ok: true };
      }),

      implement(resendVerificationEmail).outsideTransaction(async (_input, { auth }) => {
        if (!auth.emailVerified) await sendVerificationEmail(database, mailer, config, auth.userId);
        return { ok: true };
      }),

      implement(getOrganizationEndpoint).inTransaction(async (_input, { tx, organizationId }) => {
        const org = await getOrganization(tx, organizationId);
        const logos = await withPictures(tx, organizationId, [organizationId]);
        return {
          _id: org.id,
          name: org.name,
          createdAt: org.createdAt.toISOString(),
          hasLogo: logos.has(organizationId),
        };
      }),

      implement(updateOrganization).inTransaction(async ({ body }, { tx, organizationId, afterCommit }) => {
        const { name, defaultWarehouseId, ...settings } = body;
        // Every member's open app reloads the settings once they are saved (ADR 16: settings the app obeys).
        afterCommit(() => realtime.publishSettingsChanged(organizationId));
        await getSettings(tx, organizationId);
        if (name) await tx.update(organizations).set({ name }).where(eq(organizations.id, organizationId));
        if (defaultWarehouseId) await makeDefaultWarehouse(tx, organizationId, defaultWarehouseId);
        if (Object.keys(settings).length) {
          await tx
            .update(organizationSettings)
            .set({ ...settings, updatedAt: new Date() })
            .where(eq(organizationSettings.organizationId, organizationId));
        }
        return getSettingsView(tx, organizationId);
      }),

      implement(getDefaults).inTransaction(async (_input, { tx, organizationId }) => {
        const settings = await getSettingsView(tx, organizationId);
        return {
          defaultMarginPct: settings.defaultMarginPct,
          currency: settings.baseCurrency,
          labourRate: settings.labourRate,
          wasteAllowancePct: settings.wasteAllowancePct,
          partNumberPattern: settings.partNumberPattern,
          workOrderNumberPattern: settings.workOrderNumberPattern,
          remnantLengthMm: settings.remnantLengthMm,
          hoseShelfLifeMonths: settings.hoseShelfLifeMonths,
          estimateNumberPattern: settings.estimateNumberPattern,
          estimateValidityDays: settings.estimateValidityDays,
          minimumCharge: settings.minimumCharge,
          targetMarginPct: settings.targetMarginPct,
          estimateTerms: settings.estimateTerms,
          shopAddress: settings.shopAddress,
          shopPhone: settings.shopPhone,
          shopEmail: settings.shopEmail,
          unitSystem: settings.unitSystem,
        };
      }),

      implement(getDefaultWarehouse).inTransaction(async (_input, { tx, organizationId }) => {
        const { defaultWarehouseName, defaultWarehouseCode } = await getSettingsView(tx, organizationId);
        return { defaultWarehouseName, defaultWarehouseCode };
      }),

      setting(getHasParker, 'hasParker'),
      setting(getHideInventory, 'hideInventory'),
      setting(getUseBetaFeatures, 'useBetaFeatures'),
      setting(getRevisionDelimiter, 'revisionDelimiter'),
      setting(getDefaultAdaptorBrand, 'defaultAdaptorBrand'),
      setting(getErpName, 'erpName'),
      setting(getAllowNegativeStock, 'allowNegativeStock'),

      implement(hasAcceptedTerms).inTransaction(async (_input, { tx, organizationId }) => {
        const [accepted] = await tx
          .select({ version: termsAcceptances.version })
          .from(termsAcceptances)
          .where(
            and(
              eq(termsAcceptances.organizationId, organizationId),
              eq(termsAcceptances.version, TERMS_VERSION),
            ),
          );
        return accepted !== undefined;
      }),

      implement(acceptTerms).inTransaction(async (_input, { tx, organizationId, userId }) => {
        // Accepting again changes nothing: the first admin's acceptance is the record.
        await tx
          .insert(termsAcceptances)
          .values({ organizationId, version: TERMS_VERSION, acceptedBy: userId })
          .onConflictDoNothing();
        return { ok: true as const };
      }),
    ],
  };
}
