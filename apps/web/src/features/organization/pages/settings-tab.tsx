/**
 * /organization/settings (admins): the settings the whole app obeys, one section and one save each: General
 * (revision delimiter, part-number and work order number patterns, default adaptor brand, ERP name), Shop
 * details (the shop's address, phone and email printed on estimates), Units,
 * Pricing defaults, Stock (the default warehouse, negative stock, remnants and shelf life), Estimates (professional
 * and enterprise: number pattern, validity, minimum charge, target margin, terms; ADR 21), Features and Lists. Fields are checked
 * with the contract's own messages before sending, and the server's refusals (`details.issues`) show on their
 * field. A save refreshes everything that depends on the settings (`useSaveOrganizationSettings`), so it takes
 * effect without a reload.
 */
import {
  type Address,
  assemblyTitle,
  formatPartNumber,
  isPremiumTier,
  type OrganizationSettings,
  type OrganizationUpdate,
  organizationUpdateSchema,
} from '@hosewright/domain';
import ListAltIcon from '@mui/icons-material/ListAlt';
import LockIcon from '@mui/icons-material/Lock';
import WarehouseIcon from '@mui/icons-material/Warehouse';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { allSettingsQuery } from '@/api/settings';
import { activeWarehousesQuery } from '@/api/warehouses';
import { LoadFailed } from '@/components/load-failed';
import { isApiError } from '@/lib/api';
import { erpIconOf, useSaveOrganizationSettings } from '@/lib/organization-settings';
import { snackbar } from '@/lib/snackbar-store';
import { useUnits } from '@/lib/use-units';
import { useViewer } from '@/lib/use-viewer';

type Field = keyof OrganizationUpdate & keyof OrganizationSettings;
/** What the form holds: text for text and number fields, as typed; the shop's address line by line. */
type Draft = Partial<Record<Field, string | boolean | null | Address>>;
type Errors = Partial<Record<Field, string>>;

const NUMBER_FIELDS: ReadonlySet<Field> = new Set([
  'defaultMarginPct',
  'labourRate',
  'wasteAllowancePct',
  'hoseShelfLifeMonths',
  'estimateValidityDays',
  'minimumCharge',
  'targetMarginPct',
]);

/** A number field shown in other units than it is kept in (a length in the reader's mm or inches). */
interface FieldCodec {
  show: (value: number) => string;
  /** The kept value of what is typed; NaN when it does not read. */
  read: (text: string) => number;
}
type Codecs = Partial<Record<Field, FieldCodec>>;

/** Whether two values of a field are the same, an address line by line. */
const same = (a: unknown, b: unknown) => a === b || JSON.stringify(a) === JSON.stringify(b);

function draftOf(settings: OrganizationSettings, fields: readonly Field[], codecs: Codecs = {}): Draft {
  const draft: Draft = {};
  for (const field of fields) {
    const value = settings[field];
    const codec = codecs[field];
    draft[field] = typeof value === 'number' ? (codec ? codec.show(value) : String(value)) : value;
  }
  return draft;
}

/** The change a draft asks for: numbers read from their text (empty text is not a number). */
function changeOf(draft: Draft, codecs: Codecs = {}): Record<string, unknown> {
  const change: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(draft) as [Field, Draft[Field]][]) {
    // No warehouse yet (or none readable on this plan): there is no default to name.
    if (field === 'defaultWarehouseId' && !value) continue;
    const codec = codecs[field];
    change[field] =
      codec && typeof value === 'string'
        ? codec.read(value)
        : NUMBER_FIELDS.has(field) && typeof value === 'string'
          ? value.trim() === ''
            ? Number.NaN
            : Number(value.replace(',', '.'))
          : value;
  }
  return change;
}

/** Issues (`{ path, message }`, from the contract or the server's `details.issues`) by field, and the rest. */
function issuesByField(
  issues: readonly { path?: readonly unknown[]; message?: unknown }[],
  fields: readonly Field[],
): { errors: Errors; other: string[] } {
  const errors: Errors = {};
  const other: string[] = [];
  for (const issue of issues) {
    if (typeof issue.message !== 'string') continue;
    const head = issue.path?.[0];
    if (typeof head === 'string' && fields.includes(head as Field)) {
      errors[head as Field] ??= issue.message;
    } else {
      other.push(issue.message);
    }
  }
  return { errors, other };
}

interface SectionApi {
  draft: Draft;
  errors: Errors;
  text: (field: Field) => {
    value: string;
    onChange: (event: { target: { value: string } }) => void;
    error: boolean;
    helperText?: ReactNode;
    name: string;
  };
  set: (field: Field, value: string | boolean | null | Address) => void;
}

/** One section of the settings: its own form, its own save, its fields' messages. */
function Section({
  title,
  help,
  settings,
  fields,
  codecs,
  children,
}: {
  title: string;
  help?: string;
  settings: OrganizationSettings;
  fields: readonly Field[];
  codecs?: Codecs;
  children: (api: SectionApi) => ReactNode;
}) {
  const { t } = useTranslation();
  const id = useId();
  const save = useSaveOrganizationSettings();
  const [draft, setDraft] = useState<Draft>(() => draftOf(settings, fields, codecs));
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const saved = draftOf(settings, fields, codecs);
  const isDirty = fields.some((field) => !same(draft[field], saved[field]));
  // The settings changed underneath (another section's save refetches them all): a section nobody is
  // editing follows them; one being edited keeps what is typed.
  const savedKey = JSON.stringify(saved);
  const [base, setBase] = useState(savedKey);
  if (savedKey !== base) {
    setBase(savedKey);
    const before = JSON.parse(base) as Draft;
    if (fields.every((field) => same(draft[field], before[field]))) setDraft(saved);
  }

  const set = (field: Field, value: string | boolean | null | Address) => {
    setDraft((current) => ({ ...current, [field]: value }));
    if (errors[field]) {
      setErrors((current) => {
        const next = { ...current };
        delete next[field];
        return next;
      });
    }
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const parsed = organizationUpdateSchema.safeParse(changeOf(draft, codecs));
    if (!parsed.success) {
      const found = issuesByField(parsed.error.issues, fields);
      setErrors(found.errors);
      setFormError(found.other.length ? found.other.join(' ') : t('settings.fixFields'));
      return;
    }
    setErrors({});
    try {
      const answer = await save.mutateAsync(parsed.data);
      setDraft(draftOf(answer, fields, codecs));
      snackbar.success(t('settings.saved', { section: title }));
    } catch (error) {
      if (!isApiError(error)) {
        setFormError(error instanceof Error ? error.message : String(error));
        return;
      }
      const issues = Array.isArray(error.body.details?.issues) ? error.body.details.issues : [];
      const found = issuesByField(issues as { path?: unknown[]; message?: unknown }[], fields);
      setErrors(found.errors);
      setFormError(
        found.other.length ? found.other.join(' ') : Object.keys(found.errors).length ? null : error.message,
      );
    }
  };

  const text: SectionApi['text'] = (field) => ({
    name: field,
    value: typeof draft[field] === 'string' ? (draft[field] as string) : '',
    onChange: (event) => set(field, event.target.value),
    error: Boolean(errors[field]),
    ...(errors[field] ? { helperText: errors[field] } : {}),
  });

  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={`${id}-title`}
      sx={{ p: { xs: 2, sm: 3 } }}
    >
      <Box component="form" noValidate onSubmit={onSubmit} aria-label={title}>
        <Typography id={`${id}-title`} variant="h6" component="h2">
          {title}
        </Typography>
        {help ? (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {help}
          </Typography>
        ) : null}
        <Stack spacing={2} sx={{ mt: 2 }}>
          {formError ? <Alert severity="error">{formError}</Alert> : null}
          {children({ draft, errors, text, set })}
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', flexWrap: 'wrap' }} useFlexGap>
            <Button
              disabled={!isDirty || save.isPending}
              onClick={() => {
                setDraft(saved);
                setErrors({});
                setFormError(null);
              }}
            >
              {t('common.cancel')}
            </Button>
            <Button
              type="submit"
              variant="contained"
              disabled={!isDirty || save.isPending}
              startIcon={save.isPending ? <CircularProgress size={16} aria-hidden /> : undefined}
            >
              {t('settings.save', { section: title })}
            </Button>
          </Stack>
        </Stack>
      </Box>
    </Paper>
  );
}

/** The help under a field, or its message when it has one. */
function helped(props: ReturnType<SectionApi['text']>, help: ReactNode) {
  return { ...props, helperText: props.helperText ?? help };
}

function GeneralSection({ settings }: { settings: OrganizationSettings }) {
  const { t } = useTranslation();
  return (
    <Section
      title={t('settings.general.title')}
      settings={settings}
      fields={[
        'revisionDelimiter',
        'partNumberPattern',
        'workOrderNumberPattern',
        'defaultAdaptorBrand',
        'erpName',
      ]}
    >
      {({ draft, text }) => {
        const delimiter = String(draft.revisionDelimiter ?? '');
        const pattern = String(draft.partNumberPattern ?? '');
        const patternIsValid = organizationUpdateSchema.shape.partNumberPattern.safeParse(pattern).success;
        const workOrderPattern = String(draft.workOrderNumberPattern ?? '');
        const workOrderPatternIsValid =
          organizationUpdateSchema.shape.workOrderNumberPattern.safeParse(workOrderPattern).success;
        const icon = erpIconOf(String(draft.erpName ?? ''));
        return (
          <>
            <TextField
              label={t('settings.general.revisionDelimiter')}
              {...helped(
                text('revisionDelimiter'),
                <>
                  {t('settings.general.revisionDelimiterHelp')}{' '}
                  <span data-testid="delimiter-example">
                    {t('settings.general.example', { example: assemblyTitle('C-00042', 'B', delimiter) })}
                  </span>
                </>,
              )}
              slotProps={{ htmlInput: { maxLength: 3, autoComplete: 'off' } }}
              sx={{ maxWidth: 360 }}
            />
            <TextField
              label={t('settings.general.partNumberPattern')}
              {...helped(
                text('partNumberPattern'),
                <>
                  {t('settings.general.partNumberPatternHelp')}
                  {patternIsValid
                    ? ` ${t('settings.general.example', { example: formatPartNumber(pattern.trim(), 42) })}`
                    : ''}
                </>,
              )}
              slotProps={{ htmlInput: { autoComplete: 'off' } }}
            />
            <TextField
              label={t('settings.general.workOrderNumberPattern')}
              {...helped(
                text('workOrderNumberPattern'),
                <>
                  {t('settings.general.workOrderNumberPatternHelp')}
                  {workOrderPatternIsValid
                    ? ` ${t('settings.general.example', { example: formatPartNumber(workOrderPattern.trim(), 42) })}`
                    : ''}
                </>,
              )}
              slotProps={{ htmlInput: { autoComplete: 'off' } }}
            />
            <TextField
              label={t('settings.general.defaultAdaptorBrand')}
              {...helped(text('defaultAdaptorBrand'), t('settings.general.defaultAdaptorBrandHelp'))}
              slotProps={{ htmlInput: { autoComplete: 'off' } }}
            />
            <TextField
              label={t('settings.general.erpName')}
              {...helped(
                text('erpName'),
                <>
                  {t('settings.general.erpNameHelp')}{' '}
                  {icon ? t('settings.general.erpIcon', { icon }) : t('settings.general.noErp')}
                </>,
              )}
              slotProps={{ htmlInput: { autoComplete: 'off' } }}
            />
          </>
        );
      }}
    </Section>
  );
}

const NO_ADDRESS: Address = { line1: '', line2: '', city: '', region: '', postalCode: '', country: '' };
/** Each line of the address and the most it holds (customers' `addressSchema`). */
const ADDRESS_LINES = [
  ['line1', 200],
  ['line2', 200],
  ['city', 100],
  ['region', 100],
  ['postalCode', 20],
  ['country', 100],
] as const satisfies readonly (readonly [keyof Address, number])[];

/**
 * The shop's own address, phone and email, printed in the estimate's header; with no address of its own the
 * estimate prints the default warehouse's. A message about any line of the address shows under the address.
 */
function ShopSection({ settings }: { settings: OrganizationSettings }) {
  const { t } = useTranslation();
  return (
    <Section
      title={t('settings.shop.title')}
      help={t('settings.shop.help')}
      settings={{ ...settings, shopAddress: settings.shopAddress ?? NO_ADDRESS }}
      fields={['shopAddress', 'shopPhone', 'shopEmail']}
    >
      {({ draft, set, errors, text }) => {
        const address = (draft.shopAddress as Address | null | undefined) ?? NO_ADDRESS;
        return (
          <>
            <Box
              role="group"
              aria-label={t('settings.shop.address')}
              sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}
            >
              {ADDRESS_LINES.map(([line, max]) => (
                <TextField
                  key={line}
                  name={`shopAddress.${line}`}
                  label={t(`settings.shop.${line}`)}
                  value={address[line]}
                  onChange={(event) => set('shopAddress', { ...address, [line]: event.target.value })}
                  error={Boolean(errors.shopAddress)}
                  slotProps={{ htmlInput: { maxLength: max, autoComplete: 'off' } }}
                />
              ))}
              {errors.shopAddress ? (
                <FormHelperText error sx={{ gridColumn: '1 / -1', mt: -1 }}>
                  {errors.shopAddress}
                </FormHelperText>
              ) : null}
            </Box>
            <TextField
              label={t('settings.shop.phone')}
              {...text('shopPhone')}
              slotProps={{ htmlInput: { maxLength: 40, inputMode: 'tel', autoComplete: 'off' } }}
              sx={{ maxWidth: 360 }}
            />
            <TextField
              label={t('settings.shop.email')}
              {...text('shopEmail')}
              slotProps={{ htmlInput: { maxLength: 254, inputMode: 'email', autoComplete: 'off' } }}
              sx={{ maxWidth: 480 }}
            />
          </>
        );
      }}
    </Section>
  );
}

const BY_LANGUAGE = 'byLanguage';

function UnitsSection({ settings }: { settings: OrganizationSettings }) {
  const { t } = useTranslation();
  return (
    <Section title={t('settings.units.title')} settings={settings} fields={['unitSystem']}>
      {({ draft, set, errors }) => (
        <TextField
          select
          label={t('settings.units.label')}
          value={draft.unitSystem ?? BY_LANGUAGE}
          onChange={(event) =>
            set('unitSystem', event.target.value === BY_LANGUAGE ? null : event.target.value)
          }
          error={Boolean(errors.unitSystem)}
          helperText={errors.unitSystem ?? t('settings.units.help')}
          sx={{ maxWidth: 480 }}
        >
          <MenuItem value={BY_LANGUAGE}>{t('settings.units.byLanguage')}</MenuItem>
          <MenuItem value="metric">{t('units.systems.metric')}</MenuItem>
          <MenuItem value="imperial">{t('units.systems.imperial')}</MenuItem>
        </TextField>
      )}
    </Section>
  );
}

function PricingSection({ settings }: { settings: OrganizationSettings }) {
  const { t } = useTranslation();
  const percent = { input: { endAdornment: <InputAdornment position="end">%</InputAdornment> } };
  const number = { inputMode: 'decimal' as const, autoComplete: 'off' };
  return (
    <Section
      title={t('settings.pricing.title')}
      settings={settings}
      fields={['defaultMarginPct', 'labourRate', 'wasteAllowancePct']}
    >
      {({ text }) => (
        <>
          <TextField
            label={t('settings.pricing.defaultMarginPct')}
            {...helped(text('defaultMarginPct'), t('settings.pricing.defaultMarginPctHelp'))}
            slotProps={{ ...percent, htmlInput: number }}
            sx={{ maxWidth: 360 }}
          />
          <TextField
            label={t('settings.pricing.labourRate')}
            {...helped(text('labourRate'), t('settings.pricing.labourRateHelp'))}
            slotProps={{
              input: {
                endAdornment: <InputAdornment position="end">{settings.baseCurrency}</InputAdornment>,
              },
              htmlInput: number,
            }}
            sx={{ maxWidth: 360 }}
          />
          <TextField
            label={t('settings.pricing.wasteAllowancePct')}
            {...helped(text('wasteAllowancePct'), t('settings.pricing.wasteAllowancePctHelp'))}
            slotProps={{ ...percent, htmlInput: number }}
            sx={{ maxWidth: 360 }}
          />
          <TextField
            label={t('settings.pricing.currency')}
            value={settings.baseCurrency}
            helperText={t('settings.pricing.currencyHelp')}
            slotProps={{ htmlInput: { readOnly: true } }}
            sx={{ maxWidth: 360 }}
          />
        </>
      )}
    </Section>
  );
}

/**
 * The default warehouse (a row of the warehouse list), whether stock may go below zero, and hose by length
 * (ADR 19): the remnant length (in the reader's mm or inches) and the shelf life from the date code.
 */
function StockSection({ settings }: { settings: OrganizationSettings }) {
  const { t } = useTranslation();
  const units = useUnits();
  const codecs = useMemo<Codecs>(
    () => ({
      remnantLengthMm: {
        show: units.lengthInput,
        read: (text) => {
          const read = units.parseLength(text);
          return read.ok ? Math.round(read.value) : Number.NaN;
        },
      },
    }),
    [units],
  );
  const { access } = useViewer();
  const premium = isPremiumTier(access?.subscription?.tier);
  const warehouses = useQuery({ ...activeWarehousesQuery(), enabled: premium });
  const current = warehouses.data?.find((w) => w.isDefault)?._id ?? null;
  return (
    <Section
      title={t('settings.warehouse.title')}
      help={t('settings.warehouse.help')}
      settings={{ ...settings, defaultWarehouseId: current }}
      fields={['defaultWarehouseId', 'allowNegativeStock', 'remnantLengthMm', 'hoseShelfLifeMonths']}
      codecs={codecs}
    >
      {({ draft, set, errors, text }) => (
        <Stack spacing={2}>
          {!premium ? (
            <Alert
              severity="info"
              icon={<LockIcon />}
              action={
                <Button component={RouterLink} to="/upgradesubscription" color="inherit" size="small">
                  {t('settings.warehouse.upgrade')}
                </Button>
              }
            >
              {t('settings.warehouse.premium')}
            </Alert>
          ) : warehouses.isPending ? (
            <Skeleton height={56} />
          ) : warehouses.data?.length ? (
            <TextField
              select
              label={t('settings.warehouse.default')}
              value={typeof draft.defaultWarehouseId === 'string' ? draft.defaultWarehouseId : ''}
              onChange={(event) => set('defaultWarehouseId', event.target.value)}
              error={Boolean(errors.defaultWarehouseId)}
              helperText={errors.defaultWarehouseId ?? t('settings.warehouse.defaultHelp')}
              sx={{ maxWidth: 420 }}
            >
              {warehouses.data.map((w) => (
                <MenuItem key={w._id} value={w._id}>
                  {w.code} · {w.name}
                </MenuItem>
              ))}
            </TextField>
          ) : (
            <Alert
              severity="info"
              icon={<WarehouseIcon />}
              action={
                <Button component={RouterLink} to="/warehouses/new" color="inherit" size="small">
                  {t('settings.warehouse.add')}
                </Button>
              }
            >
              {warehouses.isError ? t('settings.warehouse.loadFailed') : t('settings.warehouse.none')}
            </Alert>
          )}
          <Box>
            <FormControlLabel
              control={
                <Switch
                  checked={draft.allowNegativeStock === true}
                  onChange={(event) => set('allowNegativeStock', event.target.checked)}
                  slotProps={{ input: { 'aria-describedby': 'allowNegativeStock-help' } }}
                />
              }
              label={t('settings.warehouse.allowNegativeStock')}
            />
            <FormHelperText
              id="allowNegativeStock-help"
              error={Boolean(errors.allowNegativeStock)}
              sx={{ mt: -0.5, ml: 6 }}
            >
              {errors.allowNegativeStock ?? t('settings.warehouse.allowNegativeStockHelp')}
            </FormHelperText>
          </Box>
          <TextField
            label={t('settings.warehouse.remnantLength')}
            {...helped(text('remnantLengthMm'), t('settings.warehouse.remnantLengthHelp'))}
            slotProps={{
              input: { endAdornment: <InputAdornment position="end">{units.lengthUnit}</InputAdornment> },
              htmlInput: { inputMode: 'decimal', autoComplete: 'off' },
            }}
            sx={{ maxWidth: 360 }}
          />
          <TextField
            label={t('settings.warehouse.shelfLife')}
            {...helped(text('hoseShelfLifeMonths'), t('settings.warehouse.shelfLifeHelp'))}
            slotProps={{
              input: {
                endAdornment: (
                  <InputAdornment position="end">{t('settings.warehouse.months')}</InputAdornment>
                ),
              },
              htmlInput: { inputMode: 'numeric', autoComplete: 'off' },
            }}
            sx={{ maxWidth: 360 }}
          />
        </Stack>
      )}
    </Section>
  );
}

/**
 * Sales estimates (ADR 21): how new ones are numbered and how long they are valid, the minimum charge (base
 * currency), the target margin below which lines and price list items are flagged, and the terms printed at
 * the foot of every estimate. Estimates are professional and enterprise, so other plans do not see it.
 */
function EstimatesSection({ settings }: { settings: OrganizationSettings }) {
  const { t } = useTranslation();
  const number = { inputMode: 'decimal' as const, autoComplete: 'off' };
  return (
    <Section
      title={t('estimates.settings.title')}
      help={t('estimates.settings.help')}
      settings={settings}
      fields={[
        'estimateNumberPattern',
        'estimateValidityDays',
        'minimumCharge',
        'targetMarginPct',
        'estimateTerms',
      ]}
    >
      {({ draft, text }) => {
        const pattern = String(draft.estimateNumberPattern ?? '');
        const patternIsValid =
          organizationUpdateSchema.shape.estimateNumberPattern.safeParse(pattern).success;
        return (
          <>
            <TextField
              label={t('estimates.settings.numberPattern')}
              {...helped(
                text('estimateNumberPattern'),
                <>
                  {t('estimates.settings.numberPatternHelp')}
                  {patternIsValid
                    ? ` ${t('settings.general.example', { example: formatPartNumber(pattern.trim(), 12) })}`
                    : ''}
                </>,
              )}
              slotProps={{ htmlInput: { autoComplete: 'off' } }}
            />
            <TextField
              label={t('estimates.settings.validityDays')}
              {...helped(text('estimateValidityDays'), t('estimates.settings.validityDaysHelp'))}
              slotProps={{
                input: {
                  endAdornment: (
                    <InputAdornment position="end">{t('estimates.settings.days')}</InputAdornment>
                  ),
                },
                htmlInput: { inputMode: 'numeric', autoComplete: 'off' },
              }}
              sx={{ maxWidth: 360 }}
            />
            <TextField
              label={t('estimates.settings.minimumCharge')}
              {...helped(text('minimumCharge'), t('estimates.settings.minimumChargeHelp'))}
              slotProps={{
                input: {
                  endAdornment: <InputAdornment position="end">{settings.baseCurrency}</InputAdornment>,
                },
                htmlInput: number,
              }}
              sx={{ maxWidth: 360 }}
            />
            <TextField
              label={t('estimates.settings.targetMargin')}
              {...helped(text('targetMarginPct'), t('estimates.settings.targetMarginHelp'))}
              slotProps={{
                input: { endAdornment: <InputAdornment position="end">%</InputAdornment> },
                htmlInput: number,
              }}
              sx={{ maxWidth: 360 }}
            />
            <TextField
              label={t('estimates.settings.terms')}
              {...helped(text('estimateTerms'), t('estimates.settings.termsHelp'))}
              multiline
              minRows={3}
              slotProps={{ htmlInput: { maxLength: 4000 } }}
            />
          </>
        );
      }}
    </Section>
  );
}

const FEATURES = ['hasParker', 'hideInventory', 'useBetaFeatures'] as const;

function FeaturesSection({ settings }: { settings: OrganizationSettings }) {
  const { t } = useTranslation();
  return (
    <Section title={t('settings.features.title')} settings={settings} fields={FEATURES}>
      {({ draft, set, errors }) => (
        <Stack spacing={1}>
          {FEATURES.map((feature) => (
            <Box key={feature}>
              <FormControlLabel
                control={
                  <Switch
                    checked={draft[feature] === true}
                    onChange={(event) => set(feature, event.target.checked)}
                    slotProps={{ input: { 'aria-describedby': `${feature}-help` } }}
                  />
                }
                label={t(`settings.features.${feature}`)}
              />
              <FormHelperText
                id={`${feature}-help`}
                error={Boolean(errors[feature])}
                sx={{ mt: -0.5, ml: 6 }}
              >
                {errors[feature] ?? t(`settings.features.${feature}Help`)}
              </FormHelperText>
            </Box>
          ))}
        </Stack>
      )}
    </Section>
  );
}

function ListsSection() {
  const { t } = useTranslation();
  return (
    <Paper variant="outlined" component="section" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h6" component="h2">
        {t('settings.lists.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('settings.lists.help')}
      </Typography>
      <Button component={RouterLink} to="/components" variant="outlined" startIcon={<ListAltIcon />}>
        {t('settings.lists.open')}
      </Button>
    </Paper>
  );
}

export function SettingsTab() {
  const { t } = useTranslation();
  const settings = useQuery(allSettingsQuery());
  const { access } = useViewer();
  const premium = isPremiumTier(access?.subscription?.tier);

  if (settings.isError) {
    return (
      <LoadFailed
        message={t('settings.loadFailed')}
        error={settings.error}
        onRetry={() => settings.refetch()}
      />
    );
  }
  if (settings.isPending) {
    return (
      <Stack spacing={2} aria-busy="true" aria-label={t('common.loading')}>
        {[0, 1, 2].map((n) => (
          <Paper key={n} variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
            <Skeleton width={180} height={32} />
            <Skeleton height={56} />
            <Skeleton height={56} />
          </Paper>
        ))}
      </Stack>
    );
  }
  const data = settings.data;
  return (
    <Stack spacing={2}>
      <Typography color="text.secondary">{t('settings.intro')}</Typography>
      <GeneralSection settings={data} />
      <ShopSection settings={data} />
      <UnitsSection settings={data} />
      <PricingSection settings={data} />
      <StockSection settings={data} />
      {premium ? <EstimatesSection settings={data} /> : null}
      <FeaturesSection settings={data} />
      <ListsSection />
    </Stack>
  );
}
