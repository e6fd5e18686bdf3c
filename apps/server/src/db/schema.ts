/**
 * The one Drizzle schema. Business tables carry `organization_id` and get row-level security
 * (enabled and forced) from `tenancy.ts` after migrations. Identity tables (users, provider state,
 * email tokens, outbox) are global: a person signs in before any organisation is known.
 */
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const id = () => uuid('id').primaryKey().default(sql`gen_random_uuid()`);
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const orgId = () =>
  uuid('organization_id')
    .notNull()
    .references(() => organizations.id, { onDelete: 'cascade' });

/** The tenant root. Row-level security keys it on `id` (see tenancy.ts). */
export const organizations = pgTable('organizations', {
  id: id(),
  name: text('name').notNull(),
  createdAt: createdAt(),
});

/** People who can sign in. Global: one email, one person, whatever organisations they belong to. */
export const users = pgTable(
  'users',
  {
    id: id(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    passwordHash: text('password_hash').notNull(),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    locale: text('locale').notNull().default('en_ca'),
    /** 'metric' or 'imperial' when the user overrides their organisation's units; null follows it. */
    unitSystem: text('unit_system'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('users_email_key').on(sql`lower(${t.email})`)],
);

/** A user's role in an organisation: 'regular' or 'admin'. */
/** A user without the password hash: what requests may select (the request role has no grant on the hash). */
export const userProfileColumns = {
  id: users.id,
  email: users.email,
  name: users.name,
  locale: users.locale,
  unitSystem: users.unitSystem,
  emailVerifiedAt: users.emailVerifiedAt,
};

export const memberships = pgTable(
  'memberships',
  {
    id: id(),
    organizationId: orgId(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('memberships_org_user_key').on(t.organizationId, t.userId),
    index('memberships_user_idx').on(t.userId),
  ],
);

/** One subscription per organisation: tier, expiry and the plan limits in force. */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: id(),
    organizationId: orgId(),
    tier: text('tier').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    maxCustomers: integer('max_customers').notNull(),
    maxHoseAssemblies: integer('max_hose_assemblies').notNull(),
    maxHoseKits: integer('max_hose_kits').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('subscriptions_org_key').on(t.organizationId)],
);

/** App sessions opened by `POST /api/v1/sessions/create`, keyed by the access token's jti. */
export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    organizationId: orgId(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenId: text('token_id').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('sessions_org_token_key').on(t.organizationId, t.tokenId)],
);

/** Access tokens revoked by sign-out. Global so the token check needs no organisation. */
export const revokedTokens = pgTable('revoked_tokens', {
  tokenId: text('token_id').primaryKey(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/**
 * People invited by email to join an organisation (`team/routes.ts`): the link's token is kept hashed; an
 * invitation ends accepted, withdrawn (revoked) or past `expires_at` (an admin can remind: a new token).
 */
export const invitations = pgTable(
  'invitations',
  {
    id: id(),
    organizationId: orgId(),
    email: text('email').notNull(),
    role: text('role').notNull(),
    tokenHash: text('token_hash').notNull(),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('invitations_token_key').on(t.tokenHash),
    index('invitations_org_email_idx').on(t.organizationId, t.email),
  ],
);

/**
 * API keys for ERPs (`apikeys/`): the OAuth client id is the row's id; the secret is kept as a SHA-256 hash
 * (it is 32 random bytes, so a slow hash adds nothing). A key bound to a customer goes with the customer.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: id(),
    organizationId: orgId(),
    name: text('name').notNull(),
    role: text('role').notNull(),
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'cascade' }),
    secretHash: text('secret_hash').notNull(),
    secretHint: text('secret_hint').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [index('api_keys_org_idx').on(t.organizationId, t.createdAt)],
);

/** Every call made with an API key (`apikeys/log.ts`), kept `API_LOG_DAYS`; a deleted key's calls stay. */
export const apiLogs = pgTable(
  'api_logs',
  {
    id: id(),
    organizationId: orgId(),
    apiKeyId: uuid('api_key_id').notNull(),
    keyName: text('key_name').notNull(),
    method: text('method').notNull(),
    path: text('path').notNull(),
    status: integer('status').notNull(),
    durationMs: integer('duration_ms').notNull(),
    customerId: uuid('customer_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('api_logs_org_time_idx').on(t.organizationId, t.createdAt),
    index('api_logs_org_key_time_idx').on(t.organizationId, t.apiKeyId, t.createdAt),
  ],
);

/** Which version of the terms of service an organisation accepted, when and through which admin. */
export const termsAcceptances = pgTable(
  'terms_acceptances',
  {
    organizationId: orgId(),
    version: text('version').notNull(),
    acceptedBy: uuid('accepted_by').references(() => users.id, { onDelete: 'set null' }),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.version] })],
);

/** Failed sign-ins per key and until when the key is refused (`identity/rate-limit.ts`, ADR 14). */
export const signInThrottle = pgTable('sign_in_throttle', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull(),
  windowEndsAt: timestamp('window_ends_at', { withTimezone: true }).notNull(),
  blockedUntil: timestamp('blocked_until', { withTimezone: true }).notNull(),
});

/** oidc-provider's adapter storage: sessions, grants, codes, refresh tokens, interactions. */
export const oidcPayloads = pgTable(
  'oidc_payloads',
  {
    id: text('id').notNull(),
    type: text('type').notNull(),
    payload: jsonb('payload').notNull(),
    grantId: text('grant_id'),
    userCode: text('user_code'),
    uid: text('uid'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.type] }),
    index('oidc_payloads_grant_idx').on(t.grantId),
    index('oidc_payloads_uid_idx').on(t.uid),
    index('oidc_payloads_user_code_idx').on(t.userCode),
  ],
);

/** Secrets generated once and kept: the provider's signing keys and cookie keys. */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: jsonb('value').notNull(),
  createdAt: createdAt(),
});

/** One-time tokens mailed to people: email verification and password reset (stored hashed). */
export const emailTokens = pgTable(
  'email_tokens',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('email_tokens_hash_key').on(t.tokenHash)],
);

/** Every email the app sends, whether through SMTP or written to DATA_DIR/outbox. */
export const emailOutbox = pgTable('email_outbox', {
  id: id(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html'),
  sentAt: timestamp('sent_at', { withTimezone: true }),
  delivered: boolean('delivered').notNull().default(false),
  error: text('error'),
  createdAt: createdAt(),
});

/** Numbers kept exact in the database (money, millimetres) and read back as JavaScript numbers. */
const decimal = customType<{ data: number; driverData: string | number }>({
  dataType: () => 'numeric',
  fromDriver: (v) => Number(v),
  toDriver: (v) => String(v),
});
const bytes = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => Buffer.from(v),
});
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** Settings an admin keeps for the organisation (`updateOrganization` and the one-setting reads). */
export const organizationSettings = pgTable('organization_settings', {
  organizationId: uuid('organization_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  hasParker: boolean('has_parker').notNull().default(false),
  hideInventory: boolean('hide_inventory').notNull().default(false),
  useBetaFeatures: boolean('use_beta_features').notNull().default(false),
  revisionDelimiter: text('revision_delimiter').notNull().default('_'),
  partNumberPattern: text('part_number_pattern').notNull().default('C-{00000}'),
  defaultAdaptorBrand: text('default_adaptor_brand').notNull().default(''),
  erpName: text('erp_name').notNull().default(''),
  /** 'metric' or 'imperial'; null until an admin chooses, when each user's locale decides (en_us imperial). */
  unitSystem: text('unit_system'),
  /** The currency prices are kept in (ISO 4217); other currencies convert from it at `currencies.rate`. */
  baseCurrency: text('base_currency').notNull().default('USD'),
  /** Defaults new customers and assemblies start from (`/defaults`). */
  defaultMarginPct: decimal('default_margin_pct').notNull().default(30),
  labourRate: decimal('labour_rate').notNull().default(3),
  wasteAllowancePct: decimal('waste_allowance_pct').notNull().default(5),
  /** Whether stock may go below zero (a movement or a work order taking more than is on hand). */
  allowNegativeStock: boolean('allow_negative_stock').notNull().default(false),
  /** New work orders are numbered from it ('WO-{00000}' -> WO-00001). */
  workOrderNumberPattern: text('work_order_number_pattern').notNull().default('WO-{00000}'),
  /** A piece of hose shorter than this (mm) is a remnant, picked first when long enough (ADR 19). */
  remnantLengthMm: integer('remnant_length_mm').notNull().default(1500),
  /** Hose older than this from its date code is past its shelf life and not picked (ADR 19). */
  hoseShelfLifeMonths: integer('hose_shelf_life_months').notNull().default(48),
  /** New sales estimates are numbered from it ('SE-{00000}' -> SE-00001) and valid this many days (ADR 21). */
  estimateNumberPattern: text('estimate_number_pattern').notNull().default('SE-{00000}'),
  estimateValidityDays: integer('estimate_validity_days').notNull().default(30),
  /** Base currency: an estimate's subtotal below it is raised to it (0: none). */
  minimumCharge: decimal('minimum_charge').notNull().default(0),
  /** A margin (percent of the price) below which price list items and estimate lines are flagged. */
  targetMarginPct: decimal('target_margin_pct').notNull().default(20),
  /** Printed at the foot of every estimate (payment terms, warranty). */
  estimateTerms: text('estimate_terms').notNull().default(''),
  /**
   * The shop's own address (customers' `addressSchema`), phone and email, printed on estimates; null or empty:
   * the default warehouse's address is printed instead.
   */
  shopAddress: jsonb('shop_address'),
  shopPhone: text('shop_phone').notNull().default(''),
  shopEmail: text('shop_email').notNull().default(''),
  updatedAt: updatedAt(),
});

/**
 * The organisation's other currencies: `rate` units of `code` buy one unit of the base currency
 * (`organization_settings.base_currency`), entered by an admin or imported.
 */
export const currencies = pgTable(
  'currencies',
  {
    organizationId: orgId(),
    code: text('code').notNull(),
    rate: decimal('rate').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.code] })],
);

/**
 * Every component kind in one table (ADR 0005): the shared columns plus the few each kind adds, all
 * nullable so one list, one search index and one importer serve every kind. The domain contract of each
 * kind says which columns it requires.
 */
export const components = pgTable(
  'components',
  {
    id: id(),
    organizationId: orgId(),
    kind: text('kind').notNull(),
    origin: text('origin').notNull(),
    sample: boolean('sample').notNull().default(false),
    partNumber: text('part_number').notNull(),
    brand: text('brand').notNull().default(''),
    /** Brand and part number as one case-insensitive key: the identity imports update by. */
    partKey: text('part_key').notNull().generatedAlwaysAs(sql`lower("brand") || '|' || lower("part_number")`),
    description: text('description').notNull().default(''),
    productGroup: text('product_group'),
    supplier: text('supplier'),
    cost: decimal('cost'),
    costUnit: text('cost_unit').notNull().default('each'),
    active: boolean('active').notNull().default(true),
    series: text('series'),
    dash: integer('dash'),
    standard: text('standard'),
    workingPressurePsi: integer('working_pressure_psi'),
    burstPressurePsi: integer('burst_pressure_psi'),
    tempMinC: decimal('temp_min_c'),
    tempMaxC: decimal('temp_max_c'),
    minBendRadiusMm: decimal('min_bend_radius_mm'),
    odMm: decimal('od_mm'),
    skive: boolean('skive'),
    endType: text('end_type'),
    thread: text('thread'),
    gender: text('gender'),
    swivel: boolean('swivel'),
    angle: integer('angle'),
    pieces: integer('pieces'),
    cutoffMm: decimal('cutoff_mm'),
    endA: text('end_a'),
    endB: text('end_b'),
    style: text('style'),
    fitsOdMinMm: decimal('fits_od_min_mm'),
    fitsOdMaxMm: decimal('fits_od_max_mm'),
    fitAfterAssembly: boolean('fit_after_assembly'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('components_org_kind_part_key').on(t.organizationId, t.kind, t.partKey),
    index('components_org_kind_part_idx').on(t.organizationId, t.kind, t.partNumber),
    index('components_org_series_dash_idx').on(t.organizationId, t.kind, t.series, t.dash),
    // Search (ADR 6): words and word prefixes over part number, brand and description, and part-number
    // prefixes in byte order. Both are used only by the search function, which runs as the owner.
    // fastupdate off: PGlite has no autovacuum, and a pending list that is never merged is read in full by
    // every search.
    index('components_words_idx')
      .using(
        'gin',
        sql`to_tsvector('simple', ${t.partNumber} || ' ' || ${t.brand} || ' ' || ${t.description})`,
      )
      .with({ fastupdate: false }),
    index('components_part_prefix_idx').on(t.organizationId, sql`(lower(${t.partNumber}) collate "C")`),
    // The layline readings of the search function (ADR 6): dash, working pressure, series (also the
    // coupling series of a fitting), and the standards a part's text names (`hosewright_standard_keys`,
    // defined in migration 0030: 'r2', '2sn', 'en853' for "SAE 100R2AT, EN 853 2SN").
    index('components_org_dash_idx').on(t.organizationId, t.dash),
    index('components_org_pressure_idx').on(t.organizationId, t.workingPressurePsi),
    index('components_org_series_idx').on(t.organizationId, sql`lower(btrim(${t.series}))`),
    index('components_standard_keys_idx')
      .using(
        'gin',
        sql`hosewright_standard_keys(lower(coalesce(${t.standard}, '') || ' ' || ${t.description} || ' ' || ${t.partNumber}))`,
      )
      .with({ fastupdate: false }),
  ],
);

/** Coupling series: which fittings and ferrules are approved for which hoses (see `checkFitting`). */
export const couplingSeries = pgTable(
  'coupling_series',
  {
    id: id(),
    organizationId: orgId(),
    origin: text('origin').notNull(),
    sample: boolean('sample').notNull().default(false),
    brand: text('brand').notNull().default(''),
    code: text('code').notNull(),
    description: text('description').notNull().default(''),
    skive: boolean('skive').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('coupling_series_org_brand_code_key').on(
      t.organizationId,
      sql`lower(${t.brand})`,
      sql`lower(${t.code})`,
    ),
  ],
);

/** Crimp specs per hose + fitting series, versioned: a new revision is a new row (`updateCrimpSpec`). */
export const crimpSpecs = pgTable(
  'crimp_specs',
  {
    id: id(),
    organizationId: orgId(),
    hoseId: uuid('hose_id')
      .notNull()
      .references(() => components.id, { onDelete: 'cascade' }),
    fittingSeries: text('fitting_series').notNull(),
    crimpOdMm: decimal('crimp_od_mm').notNull(),
    toleranceMm: decimal('tolerance_mm').notNull(),
    die: text('die').notNull(),
    revision: text('revision').notNull(),
    sample: boolean('sample').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('crimp_specs_org_hose_series_rev_key').on(
      t.organizationId,
      t.hoseId,
      t.fittingSeries,
      t.revision,
    ),
  ],
);

/** Product groups, suppliers and locations: short code + name lists an admin edits. */
export const organizationLookups = pgTable(
  'organization_lookups',
  {
    id: id(),
    organizationId: orgId(),
    list: text('list').notNull(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    uniqueIndex('organization_lookups_org_list_code_key').on(t.organizationId, t.list, sql`lower(${t.code})`),
  ],
);

/** Components proposed by regular users, waiting for an admin (approved ones become custom items). */
export const pendingItems = pgTable(
  'pending_items',
  {
    id: id(),
    organizationId: orgId(),
    kind: text('kind').notNull(),
    partNumber: text('part_number').notNull(),
    description: text('description').notNull().default(''),
    payload: jsonb('payload').notNull(),
    status: text('status').notNull().default('pending'),
    submittedBy: uuid('submitted_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reviewedBy: uuid('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewNote: text('review_note'),
    componentId: uuid('component_id').references(() => components.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
  },
  (t) => [index('pending_items_org_status_idx').on(t.organizationId, t.status)],
);

/** Background work (imports today): one row per job, claimed by a worker with SKIP LOCKED. */
export const jobs = pgTable(
  'jobs',
  {
    id: id(),
    organizationId: orgId(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    type: text('type').notNull(),
    status: text('status').notNull().default('queued'),
    /** 0..100 */
    progress: integer('progress').notNull().default(0),
    message: text('message').notNull().default(''),
    payload: jsonb('payload').notNull().default({}),
    result: jsonb('result'),
    createdAt: createdAt(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    /**
     * Until when the process running the job holds it: renewed by its heartbeat, so a job whose process died
     * is found and marked failed within a minute (`jobs/worker.ts`).
     */
    leaseExpiresAt: timestamp('lease_expires_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('jobs_status_idx').on(t.status, t.createdAt)],
);

/** One import: the uploaded file, the mapping, and what happened (every bad row, or what changed). */
export const importLogs = pgTable(
  'import_logs',
  {
    id: id(),
    organizationId: orgId(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    jobId: uuid('job_id').references(() => jobs.id, { onDelete: 'set null' }),
    target: text('target').notNull(),
    fileName: text('file_name').notNull(),
    mapping: jsonb('mapping').notNull().default({}),
    status: text('status').notNull().default('queued'),
    rowsTotal: integer('rows_total').notNull().default(0),
    created: integer('created').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    /** Rows the file held exactly as the library already had them. */
    unchanged: integer('unchanged').notNull().default(0),
    /** What a re-import changed, row by row: the fields with their old and new values (imports/imports.ts). */
    changes: jsonb('changes').notNull().default([]),
    errors: jsonb('errors').notNull().default([]),
    message: text('message').notNull().default(''),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('import_logs_org_created_idx').on(t.organizationId, t.createdAt)],
);

/**
 * An import's uploaded file, in parts of IMPORT_FILE_PART_BYTES: PGlite keeps every copy a statement makes
 * of a value in its own memory, which never shrinks, so a 10 MB file stored as one value cost 200 MB.
 */
export const importFileParts = pgTable(
  'import_file_parts',
  {
    importLogId: uuid('import_log_id')
      .notNull()
      .references(() => importLogs.id, { onDelete: 'cascade' }),
    organizationId: orgId(),
    part: integer('part').notNull(),
    data: bytes('data').notNull(),
  },
  (t) => [primaryKey({ columns: [t.importLogId, t.part] })],
);

/**
 * Notifications for a user in an organisation: status 1 failure, 2 success; viewStatus codes as
 * `NotificationViewStatus` lists them.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    organizationId: orgId(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: integer('status').notNull(),
    description: text('description').notNull(),
    url: text('url').notNull().default(''),
    viewStatus: integer('view_status').notNull().default(1),
    createdAt: createdAt(),
  },
  (t) => [index('notifications_org_user_idx').on(t.organizationId, t.userId, t.createdAt)],
);

/**
 * A shop's customers. Contacts and addresses are small lists kept with the customer; margin and discount
 * are percentages (a margin is on the sell price, as packages/domain/src/customers/customers.ts computes
 * it); `productGroupTerms` holds per-product-group overrides `[{ productGroup, marginPct?, discountPct? }]`.
 */
export const customers = pgTable(
  'customers',
  {
    id: id(),
    organizationId: orgId(),
    name: text('name').notNull(),
    domain: text('domain').notNull().default(''),
    accountNumber: text('account_number').notNull().default(''),
    contacts: jsonb('contacts').notNull().default([]),
    billingAddress: jsonb('billing_address'),
    shippingAddress: jsonb('shipping_address'),
    currency: text('currency').notNull().default('USD'),
    taxNumber: text('tax_number').notNull().default(''),
    taxExempt: boolean('tax_exempt').notNull().default(false),
    notes: text('notes').notNull().default(''),
    erpId: text('erp_id').notNull().default(''),
    active: boolean('active').notNull().default(true),
    marginPct: decimal('margin_pct'),
    discountPct: decimal('discount_pct'),
    productGroupTerms: jsonb('product_group_terms').notNull().default([]),
    /** The customer's taxes, `[{ name, ratePct }]` (GST 5, QST 9.975), charged unless `tax_exempt`. */
    taxes: jsonb('taxes').notNull().default([]),
    /** The price list that prices this customer's estimates first (enterprise, ADR 21). */
    priceListId: uuid('price_list_id').references((): AnyPgColumn => priceLists.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('customers_org_name_idx').on(t.organizationId, sql`lower(${t.name})`),
    uniqueIndex('customers_org_account_key')
      .on(t.organizationId, sql`lower(${t.accountNumber})`)
      .where(sql`${t.accountNumber} <> ''`),
  ],
);

/**
 * A customer's own part number for one of our things (an assembly, a kit or a component), with their price.
 * `targetId` names a row of the table `targetType` says; it is checked by the service, not by a foreign key.
 */
export const customerItems = pgTable(
  'customer_items',
  {
    id: id(),
    organizationId: orgId(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    customerPartNumber: text('customer_part_number').notNull(),
    description: text('description').notNull().default(''),
    targetType: text('target_type').notNull(),
    targetId: uuid('target_id'),
    targetPartNumber: text('target_part_number').notNull().default(''),
    price: decimal('price'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('customer_items_org_customer_part_key').on(
      t.organizationId,
      t.customerId,
      sql`lower(${t.customerPartNumber})`,
    ),
  ],
);

/**
 * Hose assemblies, one row per revision (ADR 0008): editing a built assembly adds a row with the next
 * revision and clears `latest` on the old one, which stays readable. `spec` is the builder's input as the
 * domain contract defines it; the figures beside it are what the domain computed when it was saved.
 */
export const hoseAssemblies = pgTable(
  'hose_assemblies',
  {
    id: id(),
    organizationId: orgId(),
    partNumber: text('part_number').notNull(),
    revision: text('revision').notNull(),
    latest: boolean('latest').notNull().default(true),
    description: text('description').notNull().default(''),
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    hoseId: uuid('hose_id').references(() => components.id, { onDelete: 'restrict' }),
    endAId: uuid('end_a_id').references(() => components.id, { onDelete: 'restrict' }),
    endBId: uuid('end_b_id').references(() => components.id, { onDelete: 'restrict' }),
    dash: integer('dash'),
    spec: jsonb('spec').notNull(),
    overallLengthMm: decimal('overall_length_mm'),
    cutLengthMm: decimal('cut_length_mm'),
    workingPressurePsi: integer('working_pressure_psi'),
    cost: decimal('cost'),
    price: decimal('price'),
    notes: text('notes').notNull().default(''),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('hose_assemblies_org_part_rev_key').on(
      t.organizationId,
      sql`lower(${t.partNumber})`,
      sql`lower(${t.revision})`,
    ),
    uniqueIndex('hose_assemblies_org_part_latest_key')
      .on(t.organizationId, sql`lower(${t.partNumber})`)
      .where(sql`${t.latest}`),
    index('hose_assemblies_org_customer_idx').on(t.organizationId, t.customerId),
    index('hose_assemblies_org_created_idx').on(t.organizationId, t.createdAt),
  ],
);

/**
 * One built unit of an assembly revision. `serialId` is printed on the tag and opens `/qs/{serialId}`
 * without signing in, so it is unique across all organisations and not guessable. A reorder links the new
 * unit to the one it replaces.
 */
export const hoseAssemblySerials = pgTable(
  'hose_assembly_serials',
  {
    id: id(),
    organizationId: orgId(),
    serialId: text('serial_id').notNull(),
    hoseAssemblyId: uuid('hose_assembly_id')
      .notNull()
      .references(() => hoseAssemblies.id, { onDelete: 'cascade' }),
    replacesSerialId: text('replaces_serial_id'),
    builtBy: uuid('built_by').references(() => users.id, { onDelete: 'set null' }),
    builtAt: timestamp('built_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('hose_assembly_serials_serial_key').on(t.serialId),
    index('hose_assembly_serials_org_assembly_idx').on(t.organizationId, t.hoseAssemblyId),
  ],
);

/** Hose kits, one row per revision like assemblies. */
export const hoseKits = pgTable(
  'hose_kits',
  {
    id: id(),
    organizationId: orgId(),
    partNumber: text('part_number').notNull(),
    revision: text('revision').notNull(),
    latest: boolean('latest').notNull().default(true),
    released: boolean('released').notNull().default(false),
    description: text('description').notNull().default(''),
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    machine: text('machine').notNull().default(''),
    notes: text('notes').notNull().default(''),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('hose_kits_org_part_rev_key').on(
      t.organizationId,
      sql`lower(${t.partNumber})`,
      sql`lower(${t.revision})`,
    ),
    uniqueIndex('hose_kits_org_part_latest_key')
      .on(t.organizationId, sql`lower(${t.partNumber})`)
      .where(sql`${t.latest}`),
    index('hose_kits_org_customer_idx').on(t.organizationId, t.customerId),
  ],
);

/** A kit line: an assembly revision, a component, or a free-text other item, with a quantity. */
export const hoseKitLines = pgTable(
  'hose_kit_lines',
  {
    id: id(),
    organizationId: orgId(),
    hoseKitId: uuid('hose_kit_id')
      .notNull()
      .references(() => hoseKits.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    lineType: text('line_type').notNull(),
    hoseAssemblyId: uuid('hose_assembly_id').references(() => hoseAssemblies.id, { onDelete: 'restrict' }),
    componentId: uuid('component_id').references(() => components.id, { onDelete: 'restrict' }),
    description: text('description').notNull().default(''),
    quantity: decimal('quantity').notNull(),
    unitCost: decimal('unit_cost'),
  },
  (t) => [index('hose_kit_lines_org_kit_idx').on(t.organizationId, t.hoseKitId, t.position)],
);

/**
 * Pictures of objects (the `getImage` and `uploadImage` contracts): one per object id in an organisation,
 * the organisation's own id holding its logo. The type is what the bytes are (checked on upload), never
 * what the client said.
 */
export const images = pgTable(
  'images',
  {
    id: id(),
    organizationId: orgId(),
    objectId: text('object_id').notNull(),
    contentType: text('content_type').notNull(),
    data: bytes('data').notNull(),
    size: integer('size').notNull(),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('images_org_object_key').on(t.organizationId, t.objectId)],
);

/** Messages from the public contact form (`sendContactMessage`): global, the sender may have no account. */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: id(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    company: text('company').notNull().default(''),
    message: text('message').notNull(),
    ip: text('ip').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('contact_messages_created_idx').on(t.createdAt)],
);

/** 'Share your feedback' (/support): what a signed-in user told us, with where they were. */
export const feedback = pgTable(
  'feedback',
  {
    id: id(),
    organizationId: orgId(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    category: text('category').notNull(),
    message: text('message').notNull(),
    page: text('page').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('feedback_org_created_idx').on(t.organizationId, t.createdAt)],
);

/**
 * A warehouse, yard or service van that holds stock. One per organisation is the default (`is_default`):
 * stock moves from it unless another is named, and `/defaultwarehouse` answers its name and code.
 */
export const warehouses = pgTable(
  'warehouses',
  {
    id: id(),
    organizationId: orgId(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    kind: text('kind').notNull().default('warehouse'),
    region: text('region').notNull().default(''),
    address: jsonb('address'),
    notes: text('notes').notNull().default(''),
    isDefault: boolean('is_default').notNull().default(false),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('warehouses_org_code_key').on(t.organizationId, sql`lower(${t.code})`),
    uniqueIndex('warehouses_org_default_key').on(t.organizationId).where(sql`${t.isDefault}`),
  ],
);

/** The locations (bins, shelves, reels) of a warehouse. */
export const warehouseLocations = pgTable(
  'warehouse_locations',
  {
    id: id(),
    organizationId: orgId(),
    warehouseId: uuid('warehouse_id')
      .notNull()
      .references(() => warehouses.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    name: text('name').notNull().default(''),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    uniqueIndex('warehouse_locations_org_warehouse_code_key').on(
      t.organizationId,
      t.warehouseId,
      sql`lower(${t.code})`,
    ),
  ],
);

/**
 * The stock ledger: one row per movement of one item in one warehouse and location. `quantity` (pieces or
 * millimetres, see packages/domain/src/inventory/inventory.ts) and `value` (at cost, base currency) are
 * signed; `stock_levels` holds their running sums and `on_hand_after` the sum just after this row.
 */
export const stockMovements = pgTable(
  'stock_movements',
  {
    id: id(),
    organizationId: orgId(),
    /** The ledger's order: rows of one transaction share `created_at`. */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    type: text('type').notNull(),
    componentId: uuid('component_id')
      .notNull()
      .references(() => components.id, { onDelete: 'restrict' }),
    warehouseId: uuid('warehouse_id')
      .notNull()
      .references(() => warehouses.id, { onDelete: 'restrict' }),
    locationId: uuid('location_id').references(() => warehouseLocations.id, { onDelete: 'restrict' }),
    quantity: decimal('quantity').notNull(),
    value: decimal('value').notNull(),
    onHandAfter: decimal('on_hand_after').notNull(),
    reason: text('reason').notNull().default(''),
    reference: text('reference').notNull().default(''),
    notes: text('notes').notNull().default(''),
    /** The two rows of one transfer share it. */
    groupId: uuid('group_id'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('stock_movements_org_seq_idx').on(t.organizationId, t.seq),
    index('stock_movements_org_component_idx').on(t.organizationId, t.componentId, t.seq),
    index('stock_movements_org_warehouse_idx').on(t.organizationId, t.warehouseId, t.seq),
  ],
);

/**
 * On-hand stock of one item in one warehouse and location (none: `location_id` null), kept in step with
 * `stock_movements` in the same transaction and rebuildable from it.
 */
export const stockLevels = pgTable(
  'stock_levels',
  {
    id: id(),
    organizationId: orgId(),
    componentId: uuid('component_id')
      .notNull()
      .references(() => components.id, { onDelete: 'restrict' }),
    warehouseId: uuid('warehouse_id')
      .notNull()
      .references(() => warehouses.id, { onDelete: 'restrict' }),
    locationId: uuid('location_id').references(() => warehouseLocations.id, { onDelete: 'restrict' }),
    onHand: decimal('on_hand').notNull().default(0),
    value: decimal('value').notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('stock_levels_place_key').on(
      t.organizationId,
      t.componentId,
      t.warehouseId,
      sql`coalesce(${t.locationId}, '00000000-0000-0000-0000-000000000000'::uuid)`,
    ),
    index('stock_levels_org_warehouse_idx').on(t.organizationId, t.warehouseId),
  ],
);

/**
 * The pieces a level of an item stocked by length is made of (ADR 19): a reel received, or what is left of
 * one after cuts. At every place their lengths add up to the level's on-hand figure (none when it is below
 * zero); the ledger keeps them in step in the same transaction. A used-up piece stays, at length 0, for the
 * reservations and history that name it.
 */
export const hosePieces = pgTable(
  'hose_pieces',
  {
    id: id(),
    organizationId: orgId(),
    componentId: uuid('component_id')
      .notNull()
      .references(() => components.id, { onDelete: 'restrict' }),
    warehouseId: uuid('warehouse_id')
      .notNull()
      .references(() => warehouses.id, { onDelete: 'restrict' }),
    locationId: uuid('location_id').references(() => warehouseLocations.id, { onDelete: 'restrict' }),
    /** Millimetres. */
    length: decimal('length').notNull(),
    /** The length it came in with. */
    receivedLength: decimal('received_length').notNull(),
    batch: text('batch').notNull().default(''),
    /** The month the hose was made ('2026-03'), from the layline; null when not known. */
    dateCode: text('date_code'),
    createdAt: createdAt(),
  },
  (t) => [
    index('hose_pieces_org_place_idx').on(t.organizationId, t.componentId, t.warehouseId, t.locationId),
  ],
);

/** The reorder point (and quantity) of an item in a warehouse, in its stock unit. */
export const stockReorderPoints = pgTable(
  'stock_reorder_points',
  {
    organizationId: orgId(),
    componentId: uuid('component_id')
      .notNull()
      .references(() => components.id, { onDelete: 'cascade' }),
    warehouseId: uuid('warehouse_id')
      .notNull()
      .references(() => warehouses.id, { onDelete: 'cascade' }),
    reorderPoint: decimal('reorder_point').notNull(),
    reorderQuantity: decimal('reorder_quantity'),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.componentId, t.warehouseId] })],
);

/**
 * A work order (packages/domain/src/workorders/workorders.ts): draft -> released -> inProgress ->
 * completed, or cancelled. Stock is picked from `warehouse_id`.
 */
export const workOrders = pgTable(
  'work_orders',
  {
    id: id(),
    organizationId: orgId(),
    number: text('number').notNull(),
    status: text('status').notNull().default('draft'),
    priority: text('priority').notNull().default('normal'),
    source: text('source').notNull(),
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    warehouseId: uuid('warehouse_id')
      .notNull()
      .references(() => warehouses.id, { onDelete: 'restrict' }),
    hoseKitId: uuid('hose_kit_id').references(() => hoseKits.id, { onDelete: 'set null' }),
    /** A calendar day, 'YYYY-MM-DD'. */
    dueDate: text('due_date'),
    description: text('description').notNull().default(''),
    notes: text('notes').notNull().default(''),
    cancelReason: text('cancel_reason').notNull().default(''),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    releasedAt: timestamp('released_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    completedBy: uuid('completed_by').references(() => users.id, { onDelete: 'set null' }),
    /** The accepted sales estimate this work order was made from (ADR 21). */
    salesEstimateId: uuid('sales_estimate_id').references((): AnyPgColumn => salesEstimates.id, {
      onDelete: 'set null',
    }),
  },
  (t) => [
    uniqueIndex('work_orders_org_number_key').on(t.organizationId, sql`lower(${t.number})`),
    index('work_orders_org_status_idx').on(t.organizationId, t.status),
    index('work_orders_org_customer_idx').on(t.organizationId, t.customerId),
    index('work_orders_org_created_idx').on(t.organizationId, t.createdAt),
  ],
);

/** One assembly revision to build, `quantity` units of it. A reorder's line names the scanned serial. */
export const workOrderLines = pgTable(
  'work_order_lines',
  {
    id: id(),
    organizationId: orgId(),
    workOrderId: uuid('work_order_id')
      .notNull()
      .references(() => workOrders.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    hoseAssemblyId: uuid('hose_assembly_id')
      .notNull()
      .references(() => hoseAssemblies.id, { onDelete: 'restrict' }),
    quantity: integer('quantity').notNull(),
    replacesSerialId: text('replaces_serial_id'),
  },
  (t) => [index('work_order_lines_org_order_idx').on(t.organizationId, t.workOrderId, t.position)],
);

/**
 * One unit of a line, made at release with its serial. `steps` holds each bench step done
 * (`{ cut: { at, byId, byName } }`), `crimp` the targets of both ends (from the crimp spec at release) and
 * what was measured, `test` the proof test. The serial becomes a built unit (`hose_assembly_serials`) at
 * completion.
 */
export const workOrderUnits = pgTable(
  'work_order_units',
  {
    id: id(),
    organizationId: orgId(),
    workOrderId: uuid('work_order_id')
      .notNull()
      .references(() => workOrders.id, { onDelete: 'cascade' }),
    lineId: uuid('line_id')
      .notNull()
      .references(() => workOrderLines.id, { onDelete: 'cascade' }),
    index: integer('index').notNull(),
    serialId: text('serial_id').notNull(),
    replacesSerialId: text('replaces_serial_id'),
    skive: boolean('skive').notNull().default(false),
    steps: jsonb('steps').notNull().default({}),
    cutLengthMm: decimal('cut_length_mm'),
    crimp: jsonb('crimp').notNull(),
    test: jsonb('test'),
    assembledBy: uuid('assembled_by').references(() => users.id, { onDelete: 'set null' }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('work_order_units_serial_key').on(t.serialId),
    index('work_order_units_org_order_idx').on(t.organizationId, t.workOrderId, t.index),
  ],
);

/**
 * What a work order made from a kit picks without building (ADR 18): the kit's component lines, `count` pieces
 * of `quantity` each (the stock unit: pieces, or millimetres of hose stocked by length, cut one per kit).
 */
export const workOrderItems = pgTable(
  'work_order_items',
  {
    id: id(),
    organizationId: orgId(),
    workOrderId: uuid('work_order_id')
      .notNull()
      .references(() => workOrders.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    componentId: uuid('component_id')
      .notNull()
      .references(() => components.id, { onDelete: 'restrict' }),
    quantity: decimal('quantity').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [index('work_order_items_org_order_idx').on(t.organizationId, t.workOrderId, t.position)],
);

/** Stock a released work order holds for itself: an item, in its stock unit, at a warehouse and location. */
export const stockReservations = pgTable(
  'stock_reservations',
  {
    id: id(),
    organizationId: orgId(),
    workOrderId: uuid('work_order_id')
      .notNull()
      .references(() => workOrders.id, { onDelete: 'cascade' }),
    componentId: uuid('component_id')
      .notNull()
      .references(() => components.id, { onDelete: 'restrict' }),
    warehouseId: uuid('warehouse_id')
      .notNull()
      .references(() => warehouses.id, { onDelete: 'restrict' }),
    locationId: uuid('location_id').references(() => warehouseLocations.id, { onDelete: 'restrict' }),
    /** Items stocked by length: the piece the cut is to come from. */
    pieceId: uuid('piece_id').references(() => hosePieces.id, { onDelete: 'restrict' }),
    quantity: decimal('quantity').notNull(),
  },
  (t) => [
    index('stock_reservations_org_place_idx').on(t.organizationId, t.componentId, t.warehouseId),
    index('stock_reservations_org_order_idx').on(t.organizationId, t.workOrderId),
  ],
);

/**
 * Billing (issue 15, ADR 20). The organisation's customer at the payment provider (Stripe, or the local
 * test-mode provider) and the card on file (brand and last four only: the card itself stays at the provider).
 */
export const billingCustomers = pgTable(
  'billing_customers',
  {
    id: id(),
    organizationId: orgId(),
    customerId: text('customer_id').notNull(),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('billing_customers_org_key').on(t.organizationId),
    uniqueIndex('billing_customers_customer_key').on(t.customerId),
  ],
);

/**
 * The provider subscription that stands for the organisation (one row each), as last merged by
 * `mergeSubscriptionStates` (modules/billing/webhook.ts): what its plan, expiry and limits in `subscriptions`
 * were derived from, and what a newer observation is compared with.
 */
export const billingSubscriptions = pgTable(
  'billing_subscriptions',
  {
    id: id(),
    organizationId: orgId(),
    subscriptionId: text('subscription_id').notNull(),
    customerId: text('customer_id').notNull(),
    /** The provider's status: active, trialing, past_due, unpaid, canceled, incomplete_expired. */
    status: text('status').notNull(),
    tier: text('tier').notNull(),
    priceId: text('price_id').notNull(),
    subscriptionCreatedAt: timestamp('subscription_created_at', { withTimezone: true }).notNull(),
    isLive: boolean('is_live').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }).notNull(),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull(),
    graceEndsAt: timestamp('grace_ends_at', { withTimezone: true }),
    /** When this state was read from the provider: a later observation of the same subscription wins. */
    observedAt: timestamp('observed_at', { withTimezone: true, precision: 3 }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('billing_subscriptions_org_key').on(t.organizationId)],
);

/**
 * Provider events already handled, by event id: the webhook's dedupe set. Not an organisation's row (an
 * event may name none), so it has no `organization_id`.
 */
export const billingEvents = pgTable('billing_events', {
  eventId: text('event_id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The organisation's invoices as the provider last reported them (the billing history). */
export const billingInvoices = pgTable(
  'billing_invoices',
  {
    id: id(),
    organizationId: orgId(),
    providerInvoiceId: text('provider_invoice_id').notNull(),
    number: text('number').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    periodEnd: timestamp('period_end', { withTimezone: true }).notNull(),
    tier: text('tier').notNull(),
    amountCents: integer('amount_cents').notNull(),
    /** ISO 4217, upper case. */
    currency: text('currency').notNull(),
    /** paid, open, void or uncollectible. */
    status: text('status').notNull(),
    /** The provider's PDF of the invoice (Stripe's `invoice_pdf`). */
    providerPdfUrl: text('provider_pdf_url'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('billing_invoices_provider_key').on(t.providerInvoiceId),
    index('billing_invoices_org_issued_idx').on(t.organizationId, t.issuedAt),
  ],
);

/**
 * A price list (enterprise, ADR 21): a name and a currency; its prices are in dated versions. Customers name
 * the list that prices their estimates (`customers.price_list_id`).
 */
export const priceLists = pgTable(
  'price_lists',
  {
    id: id(),
    organizationId: orgId(),
    name: text('name').notNull(),
    currency: text('currency').notNull(),
    description: text('description').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('price_lists_org_name_key').on(t.organizationId, sql`lower(${t.name})`)],
);

/**
 * One version of a list's prices. A draft (`effective_from` null) is what an import or an edit is building;
 * publishing gives it its first day. The version in force on a date is the latest published on or before it
 * (packages/domain/src/estimates/price-lists.ts); two on one day, the later published.
 */
export const priceListVersions = pgTable(
  'price_list_versions',
  {
    id: id(),
    organizationId: orgId(),
    priceListId: uuid('price_list_id')
      .notNull()
      .references(() => priceLists.id, { onDelete: 'cascade' }),
    /** 'YYYY-MM-DD'; null while a draft. */
    effectiveFrom: text('effective_from'),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    publishedBy: uuid('published_by').references(() => users.id, { onDelete: 'set null' }),
    itemCount: integer('item_count').notNull().default(0),
    note: text('note').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    index('price_list_versions_org_list_idx').on(t.organizationId, t.priceListId, t.effectiveFrom),
    uniqueIndex('price_list_versions_one_draft_key').on(t.priceListId).where(sql`${t.effectiveFrom} IS NULL`),
  ],
);

/**
 * One item's price in a version: minor units of the list's currency, and its quantity breaks
 * (`[{ minQuantity, unitPrice }]`). `item_id` names a component, assembly or kit as `item_type` says; it is
 * checked by the service, not by a foreign key, and `part_number` keeps what the import named.
 */
export const priceListItems = pgTable(
  'price_list_items',
  {
    organizationId: orgId(),
    versionId: uuid('version_id')
      .notNull()
      .references(() => priceListVersions.id, { onDelete: 'cascade' }),
    itemType: text('item_type').notNull(),
    itemId: uuid('item_id').notNull(),
    partNumber: text('part_number').notNull(),
    description: text('description').notNull().default(''),
    unitPrice: bigint('unit_price', { mode: 'number' }).notNull(),
    breaks: jsonb('breaks').notNull().default([]),
  },
  (t) => [primaryKey({ columns: [t.versionId, t.itemType, t.itemId] })],
);

/**
 * A sales estimate (ADR 21). A revision is a row of its own with the same number and the next `revision`;
 * `previous_id` names the one it revises, which stays as it was sent. Amounts are integers in the minor units
 * of `currency` (the customer's), priced when saved and kept from then on.
 */
export const salesEstimates = pgTable(
  'sales_estimates',
  {
    id: id(),
    organizationId: orgId(),
    number: text('number').notNull(),
    revision: integer('revision').notNull().default(1),
    previousId: uuid('previous_id').references((): AnyPgColumn => salesEstimates.id, {
      onDelete: 'set null',
    }),
    /** draft, sent, accepted or declined; 'expired' is read from `valid_until`. */
    status: text('status').notNull().default('draft'),
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    /** The contact it goes to: `{ name, email, phone }` as chosen from the customer's contacts. */
    contact: jsonb('contact'),
    currency: text('currency').notNull(),
    /** 'YYYY-MM-DD': it picks the price list version. */
    estimateDate: text('estimate_date').notNull(),
    validUntil: text('valid_until'),
    description: text('description').notNull().default(''),
    notes: text('notes').notNull().default(''),
    terms: text('terms').notNull().default(''),
    subtotal: bigint('subtotal', { mode: 'number' }).notNull().default(0),
    minimumChargeAdjustment: bigint('minimum_charge_adjustment', { mode: 'number' }).notNull().default(0),
    /** `[{ name, ratePct, amount }]`. */
    taxes: jsonb('taxes').notNull().default([]),
    taxTotal: bigint('tax_total', { mode: 'number' }).notNull().default(0),
    total: bigint('total', { mode: 'number' }).notNull().default(0),
    taxExempt: boolean('tax_exempt').notNull().default(false),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    sentTo: text('sent_to'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('sales_estimates_org_number_rev_key').on(
      t.organizationId,
      sql`lower(${t.number})`,
      t.revision,
    ),
    index('sales_estimates_org_status_idx').on(t.organizationId, t.status),
    index('sales_estimates_org_customer_idx').on(t.organizationId, t.customerId),
    index('sales_estimates_org_created_idx').on(t.organizationId, t.createdAt),
  ],
);

/**
 * One line of an estimate: a kit, an assembly, a component or other item (`item_id` names it as `type` says;
 * checked by the service), labour or freight. `unit_cost` is the base-currency cost when priced, `priced_by`
 * what priced it (`PricedBy`), `unit_price_override` a price typed on the line.
 */
export const salesEstimateLines = pgTable(
  'sales_estimate_lines',
  {
    id: id(),
    organizationId: orgId(),
    estimateId: uuid('estimate_id')
      .notNull()
      .references(() => salesEstimates.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    type: text('type').notNull(),
    itemId: uuid('item_id'),
    partNumber: text('part_number').notNull().default(''),
    description: text('description').notNull().default(''),
    productGroup: text('product_group'),
    quantity: decimal('quantity').notNull(),
    unitCost: decimal('unit_cost'),
    unitPriceOverride: bigint('unit_price_override', { mode: 'number' }),
    unitPrice: bigint('unit_price', { mode: 'number' }),
    lineTotal: bigint('line_total', { mode: 'number' }).notNull().default(0),
    pricedBy: jsonb('priced_by').notNull(),
  },
  (t) => [index('sales_estimate_lines_org_estimate_idx').on(t.organizationId, t.estimateId, t.position)],
);
