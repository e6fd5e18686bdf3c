/** The signed-in user and their organisation: `/api/v1/user...` and `/api/v1/organization` with its settings. */
import {
  type AnyEndpoint,
  acceptTerms,
  getDefaultAdaptorBrand,
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
import { getOrganization, getSettings } from './service.ts';

export function organizationModule({ config, database, mailer }: ModuleDeps): ModuleManifest {
  /** One setting per call, as the app reads them: a JSON boolean or string. */
  const setting = <E extends AnyEndpoint>(endpoint: E, key: keyof OrganizationSettings): ContractRoute =>
    implement(endpoint).inTransaction(
      async (_input, { tx, organizationId }) =>
        (await getSettings(tx, organizationId))[key] as HandlerResult<E>,
    );

  return {
    routes: [
      implement(getUser).outsideTransaction(async (_input, { auth }) => ({
        _id: auth.userId,
        organization_id: auth.organizationId,
        name: auth.name,
        email: auth.email,
        emailVerified: auth.emailVerified,
      })),

      implement(updateUser).inTransaction(async ({ body: change }, { tx, auth }) => {
        if (change.name !== undefined || change.locale !== undefined) {
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
        return { _id: org.id, name: org.name, createdAt: org.createdAt.toISOString() };
      }),

      implement(updateOrganization).inTransaction(async ({ body }, { tx, organizationId }) => {
        const { name, ...settings } = body;
        await getSettings(tx, organizationId);
        if (name) await tx.update(organizations).set({ name }).where(eq(organizations.id, organizationId));
        if (Object.keys(settings).length) {
          await tx
            .update(organizationSettings)
            .set({ ...settings, updatedAt: new Date() })
            .where(eq(organizationSettings.organizationId, organizationId));
        }
        const current = await getSettings(tx, organizationId);
        return {
          hasParker: current.hasParker,
          hideInventory: current.hideInventory,
          useBetaFeatures: current.useBetaFeatures,
          revisionDelimiter: current.revisionDelimiter,
          partNumberPattern: current.partNumberPattern,
          defaultAdaptorBrand: current.defaultAdaptorBrand,
          erpName: current.erpName,
        };
      }),

      setting(getHasParker, 'hasParker'),
      setting(getHideInventory, 'hideInventory'),
      setting(getUseBetaFeatures, 'useBetaFeatures'),
      setting(getRevisionDelimiter, 'revisionDelimiter'),
      setting(getDefaultAdaptorBrand, 'defaultAdaptorBrand'),
      setting(getErpName, 'erpName'),

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
