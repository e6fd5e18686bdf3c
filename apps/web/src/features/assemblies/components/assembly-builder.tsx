import {
  type AssemblyDrawingModel,
  type AssemblyFinding,
  type Customer,
  type HoseAssembly,
  type HoseAssemblyInputDraft,
  isAssemblyEndBent,
  isSafetyConfirmationCode,
  LENGTH_MEASURED_TO,
  type LengthMeasuredTo,
  type SafetyConfirmationCode,
  type Wrap,
} from '@hosewright/domain';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import SaveIcon from '@mui/icons-material/Save';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { assemblyComputeQuery, useSaveAssembly } from '@/api/assemblies';
import { compatiblePartsQuery, componentListQuery } from '@/api/components';
import { usePricingFor } from '@/api/currencies';
import { customerQuery, customerSearchQuery } from '@/api/customers';
import { PHONE_NAV_HEIGHT } from '@/components/layout/phone-nav';
import { isApiError } from '@/lib/api';
import { useDebounced } from '@/lib/use-debounced';
import { useUnits } from '@/lib/use-units';
import {
  type BuilderState,
  draftOf,
  hasTwoBentEnds,
  localComputation,
  measuredToOf,
  numberOf,
  partsOf,
  reconcileConfirmations,
  withUnits,
} from '../lib/builder-state';
import { AssemblyDrawing } from './assembly-drawing';
import { EndStep, laylineFilter } from './end-step';
import { HoseStep } from './hose-step';
import { type Results, ResultsPanel } from './results-panel';
import { SafetyConfirmations } from './safety-confirmations';
import { SkiveNotice } from './skive-notice';

/** The active adaptors or wraps: a counter has a few dozen, so the builder holds them all. */
function useActiveParts<K extends 'adaptor' | 'wrap'>(kind: K) {
  return useQuery({
    ...componentListQuery(kind, 'all', { itemsPerPage: 500, active: 'true' }),
    select: (page) => page.items,
    staleTime: 60_000,
  });
}

function Step({ number, title, children }: { number: number; title: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" sx={{ p: { xs: 1.5, sm: 2 } }} aria-label={title}>
      <Typography variant="h6" component="h2" sx={{ mb: 1.5, fontSize: '1.1rem' }}>
        {number}. {title}
      </Typography>
      {children}
    </Paper>
  );
}

export interface AssemblyBuilderProps {
  initial: BuilderState;
  /** 'new', or the id of the revision being edited (saving makes the next revision). */
  assemblyId: string;
  /** The customer is fixed by the route (/customer/{id}/hoseassemblies/new) or by API mode. */
  isCustomerFixed?: boolean;
  /** Costs and margins are for the shop, not for an embedding customer. */
  showCosts?: boolean;
  /** Inside the app shell a phone has the bottom navigation; the sticky summary sits above it. */
  isInShell?: boolean;
  onSaved: (assembly: HoseAssembly) => void;
}

/**
 * The builder, the counter screen: hose, then both ends from the compatible fittings,
 * lengths, orientation when both ends are bent, and the live results and drawing beside (below on a phone,
 * with a sticky summary and the save button at the bottom of the screen).
 */
export function AssemblyBuilder({
  initial,
  assemblyId,
  isCustomerFixed,
  showCosts = true,
  isInShell = true,
  onSaved,
}: AssemblyBuilderProps) {
  const { t } = useTranslation();
  const units = useUnits();
  const [state, setState] = useState<BuilderState>(() => withUnits(initial, units.system));
  const set = (patch: Partial<BuilderState>) => setState((s) => ({ ...s, ...patch }));
  // The user's units arrived (or changed on another screen): what is typed is written again in them.
  useEffect(() => {
    setState((s) => withUnits(s, units.system));
  }, [units.system]);
  const compatible = useQuery(compatiblePartsQuery(state.hoseId));
  const adaptors = useActiveParts('adaptor');
  const wraps = useActiveParts('wrap');
  const save = useSaveAssembly();

  const parts = useMemo(
    () => partsOf(state, compatible.data, adaptors.data ?? [], wraps.data ?? []),
    [state, compatible.data, adaptors.data, wraps.data],
  );
  const draft = useMemo(() => draftOf(state, parts), [state, parts]);
  // The customer's terms and currency and the organisation's defaults price the live figures as the server will.
  const pricing = usePricingFor(state.customerId);
  const local = useMemo(
    () => localComputation(draft, parts, { ...pricing, units: units.system }),
    [draft, parts, pricing, units.system],
  );
  // A confirmation is for the finding as it read when ticked: one that now reads differently is asked
  // again. Compared with the browser's own computation, which speaks the same units throughout.
  const findingsKey = local?.findings
    ? JSON.stringify(local.findings.map((f) => ({ code: f.code, message: f.message })))
    : '';
  const localFindings = useMemo(
    () => (findingsKey ? (JSON.parse(findingsKey) as Pick<AssemblyFinding, 'code' | 'message'>[]) : null),
    [findingsKey],
  );
  useEffect(() => {
    if (localFindings) setState((s) => reconcileConfirmations(s, localFindings));
  }, [localFindings]);
  const answerFinding = (code: SafetyConfirmationCode, change: { checked?: boolean; reason?: string }) =>
    setState((s) => {
      const before = s.confirmations[code] ?? { checked: false, reason: '', message: null };
      const message =
        change.checked === undefined
          ? before.message
          : change.checked
            ? (localFindings?.find((f) => f.code === code)?.message ?? null)
            : null;
      return { ...s, confirmations: { ...s.confirmations, [code]: { ...before, ...change, message } } };
    });
  // Compared as text: a refetched list makes an equal draft that is a new object.
  const draftKey = draft ? JSON.stringify(draft) : '';
  const settledKey = useDebounced(draftKey, 300);
  const settled = useMemo(
    () => (settledKey ? (JSON.parse(settledKey) as HoseAssemblyInputDraft) : null),
    [settledKey],
  );
  const server = useQuery(assemblyComputeQuery(settled, assemblyId === 'new' ? undefined : assemblyId));
  const isServerCurrent = !!server.data && !server.isPlaceholderData && settledKey === draftKey && !!draft;
  const computation = isServerCurrent ? (server.data ?? null) : local;
  const results: Results = {
    computation,
    title: isServerCurrent ? (server.data?.title ?? '') : '',
    isFromServer: isServerCurrent,
    isComputing: !!draft && (server.isFetching || settledKey !== draftKey),
    serverError: server.error && draft ? server.error.message : null,
  };
  const bothBent = hasTwoBentEnds(parts);
  const overall = units.lengthFeedback(state.overallLength);
  const wrapLength = units.lengthFeedback(state.wrapLength);
  const appPressure = units.pressureFeedback(state.workingPressure);
  const appBend = units.lengthFeedback(state.bendRadius);
  const hose = compatible.data?.hose ?? null;

  const drawing: AssemblyDrawingModel = useMemo(() => {
    const endOf = (key: 'endA' | 'endB') => {
      const fitting = compatible.data?.fittings.find((f) => f.item._id === state[key].fittingId)?.item;
      if (!fitting) return null;
      const adaptor = adaptors.data?.find((a) => a._id === state[key].adaptorId);
      const bent = isAssemblyEndBent({ fitting, adaptor: adaptor ?? null });
      return {
        endType: fitting.endType,
        dash: fitting.dash,
        angle: bent ? fitting.angle || (adaptor?.angle ?? 0) : 0,
        gender: fitting.gender,
        partNumber: adaptor ? `${fitting.partNumber} + ${adaptor.partNumber}` : fitting.partNumber,
      };
    };
    const wrap = wraps.data?.find((w) => w._id === state.wrapId);
    return {
      partNumber: results.title || undefined,
      hose: hose?.partNumber,
      endA: endOf('endA'),
      endB: endOf('endB'),
      overallLengthMm: overall.value ?? null,
      cutLengthMm: computation?.cutLengthMm ?? null,
      orientationDeg: bothBent ? (numberOf(state.orientationDeg) ?? null) : null,
      orientationConvention: state.orientationConvention,
      wrap:
        wrap && computation?.wrapLengthMm
          ? { lengthMm: computation.wrapLengthMm, label: wrap.partNumber }
          : null,
      units: units.system,
    };
  }, [
    state,
    compatible.data,
    adaptors.data,
    wraps.data,
    hose,
    computation,
    bothBent,
    results.title,
    overall.value,
    units.system,
  ]);

  const errors = computation?.errors ?? [];
  // Safety findings not yet confirmed are errors too; they are answered in "Confirm before saving".
  const unconfirmed = errors.filter((e) => isSafetyConfirmationCode(e.code));
  const pressureError = errors.find((e) => e.code === 'pressure');
  const orientationMissing = bothBent && numberOf(state.orientationDeg) === undefined;
  const canSave = !!draft && !!parts && errors.length === 0 && !orientationMissing && !save.isPending;
  const saveError = save.error
    ? isApiError(save.error)
      ? save.error.message
      : t('assemblies.builder.saveFailed')
    : null;
  // A plan limit names the limit and links to the upgrade page (`details.upgradeUrl` of the error).
  const upgradeUrl =
    isApiError(save.error) && typeof save.error.body.details?.upgradeUrl === 'string'
      ? save.error.body.details.upgradeUrl
      : null;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!draft || !canSave) return;
    save.mutate({ id: assemblyId, input: draft }, { onSuccess: (saved) => onSaved(saved) });
  };

  const measuredTo: LengthMeasuredTo = measuredToOf(state, parts);
  const liveLength = computation ? units.length(Math.max(computation.cutLengthMm, 0)) : '';
  const saveLabel =
    assemblyId === 'new' ? t('assemblies.builder.save') : t('assemblies.builder.saveRevision');

  return (
    <Box component="form" onSubmit={onSubmit} noValidate>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 7fr) minmax(0, 5fr)' },
          alignItems: 'start',
        }}
      >
        <Stack spacing={2} sx={{ minWidth: 0 }}>
          <Step number={1} title={t('assemblies.builder.stepHose')}>
            <HoseStep
              value={hose}
              autoFocus={!initial.hoseId}
              onChange={(next) =>
                set({
                  hoseId: next?._id ?? '',
                  // New hose, new compatibility: the ends chosen for the old hose may not fit.
                  endA: { fittingId: '', ferruleId: '', adaptorId: state.endA.adaptorId },
                  endB: { fittingId: '', ferruleId: '', adaptorId: state.endB.adaptorId },
                })
              }
            />
            {hose ? (
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                {t('assemblies.builder.hoseFacts', {
                  series: hose.series,
                  pressure: units.pressure(hose.workingPressurePsi),
                  temp:
                    hose.tempMinC !== undefined && hose.tempMaxC !== undefined
                      ? `${hose.tempMinC} to ${hose.tempMaxC} °C`
                      : '–',
                  bend: hose.minBendRadiusMm ? units.length(hose.minBendRadiusMm) : '–',
                })}
              </Typography>
            ) : null}
          </Step>

          <Step number={2} title={t('assemblies.builder.stepEnds')}>
            {!state.hoseId ? (
              <Typography color="text.secondary">{t('assemblies.builder.chooseHoseFirst')}</Typography>
            ) : compatible.isPending ? (
              <CircularProgress size={24} aria-label={t('common.loading')} />
            ) : compatible.isError || !compatible.data ? (
              <Alert severity="error">{t('assemblies.builder.compatibleFailed')}</Alert>
            ) : (
              <Stack spacing={3}>
                {(['A', 'B'] as const).map((name) => {
                  const key = name === 'A' ? 'endA' : 'endB';
                  return (
                    <Box key={name}>
                      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
                        {t('assemblies.builder.endLabel', { name })}
                      </Typography>
                      <EndStep
                        name={name}
                        end={state[key]}
                        compatible={compatible.data}
                        adaptors={adaptors.data ?? []}
                        onChange={(end) => set({ [key]: end } as Partial<BuilderState>)}
                      />
                    </Box>
                  );
                })}
              </Stack>
            )}
          </Step>

          <Step number={3} title={t('assemblies.builder.stepLength')}>
            <Stack spacing={2}>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                <TextField
                  label={t('assemblies.builder.overallLength')}
                  value={state.overallLength}
                  onChange={(e) => set({ overallLength: e.target.value })}
                  slotProps={{
                    htmlInput: { inputMode: units.system === 'imperial' ? 'text' : 'decimal' },
                    input: {
                      endAdornment: <Typography color="text.secondary">{units.lengthUnit}</Typography>,
                    },
                  }}
                  error={!!overall.error || overall.value === 0}
                  helperText={
                    overall.error ??
                    (overall.value === 0 ? t('assemblies.builder.lengthInvalid') : null) ??
                    overall.reads ??
                    t(
                      units.system === 'imperial'
                        ? 'assemblies.builder.overallLengthHelpInches'
                        : 'assemblies.builder.overallLengthHelp',
                    )
                  }
                  sx={{ flex: 1 }}
                />
                <TextField
                  select
                  label={t('assemblies.builder.measuredTo')}
                  value={measuredTo}
                  onChange={(e) => set({ lengthMeasuredTo: e.target.value as LengthMeasuredTo })}
                  helperText={state.lengthMeasuredTo ? ' ' : t('assemblies.builder.measuredToAuto')}
                  sx={{ flex: 1 }}
                >
                  {LENGTH_MEASURED_TO.map((m) => (
                    <MenuItem key={m} value={m}>
                      {t(`assemblies.measuredTo.${m}`)}
                    </MenuItem>
                  ))}
                </TextField>
              </Stack>
              {bothBent ? (
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                  <TextField
                    label={t('assemblies.builder.orientation')}
                    value={state.orientationDeg}
                    onChange={(e) => set({ orientationDeg: e.target.value })}
                    slotProps={{
                      htmlInput: { inputMode: 'numeric' },
                      input: { endAdornment: <Typography color="text.secondary">°</Typography> },
                    }}
                    error={orientationMissing && !!state.overallLength}
                    helperText={t('assemblies.builder.orientationHelp')}
                    sx={{ flex: 1 }}
                  />
                  <Box sx={{ flex: 1 }}>
                    <FormLabel id="orientation-convention">{t('assemblies.builder.convention')}</FormLabel>
                    <RadioGroup
                      aria-labelledby="orientation-convention"
                      value={state.orientationConvention}
                      onChange={(e) =>
                        set({
                          orientationConvention: e.target.value as BuilderState['orientationConvention'],
                        })
                      }
                    >
                      <FormControlLabel
                        value="clockwise"
                        control={<Radio />}
                        label={t('assemblies.convention.clockwise')}
                      />
                      <FormControlLabel
                        value="counterClockwise"
                        control={<Radio />}
                        label={t('assemblies.convention.counterClockwise')}
                      />
                    </RadioGroup>
                  </Box>
                </Stack>
              ) : null}
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                <Autocomplete
                  value={wraps.data?.find((w) => w._id === state.wrapId) ?? null}
                  onChange={(_, w) => set({ wrapId: w?._id ?? '' })}
                  options={wraps.data ?? []}
                  filterOptions={laylineFilter<Wrap>((w) => w)}
                  getOptionLabel={(w) => `${w.partNumber} · ${w.style}`}
                  isOptionEqualToValue={(a, b) => a._id === b._id}
                  noOptionsText={t('assemblies.builder.noWraps')}
                  renderInput={(params) => <TextField {...params} label={t('assemblies.builder.wrap')} />}
                  sx={{ flex: 1 }}
                />
                {state.wrapId ? (
                  <TextField
                    label={t('assemblies.builder.wrapLength')}
                    value={state.wrapLength}
                    onChange={(e) => set({ wrapLength: e.target.value })}
                    placeholder={liveLength}
                    slotProps={{
                      htmlInput: { inputMode: units.system === 'imperial' ? 'text' : 'decimal' },
                      input: {
                        endAdornment: <Typography color="text.secondary">{units.lengthUnit}</Typography>,
                      },
                    }}
                    error={!!wrapLength.error}
                    helperText={
                      wrapLength.error ??
                      wrapLength.reads ??
                      t('assemblies.builder.wrapLengthHelp', { length: liveLength || '–' })
                    }
                    sx={{ flex: 1 }}
                  />
                ) : null}
              </Stack>
            </Stack>
          </Step>

          <Step number={4} title={t('assemblies.builder.stepOrder')}>
            <Stack spacing={2}>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                <TextField
                  label={t('assemblies.builder.quantity')}
                  value={state.quantity}
                  onChange={(e) => set({ quantity: e.target.value })}
                  slotProps={{ htmlInput: { inputMode: 'numeric' } }}
                  sx={{ flex: { sm: '0 0 140px' } }}
                />
                {isCustomerFixed ? (
                  <FixedCustomer id={state.customerId} />
                ) : (
                  <CustomerPicker id={state.customerId} onChange={(id) => set({ customerId: id })} />
                )}
              </Stack>
              <TextField
                label={t('assemblies.builder.description')}
                value={state.description}
                onChange={(e) => set({ description: e.target.value })}
                placeholder={t('assemblies.builder.descriptionPlaceholder')}
              />
              <TextField
                label={t('assemblies.builder.notes')}
                value={state.notes}
                onChange={(e) => set({ notes: e.target.value })}
                multiline
                minRows={2}
              />
              <Accordion disableGutters variant="outlined" sx={{ '&:before': { display: 'none' } }}>
                <AccordionSummary expandIcon={<ExpandMoreIcon />}>
                  <Typography>{t('assemblies.builder.application')}</Typography>
                </AccordionSummary>
                <AccordionDetails>
                  <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
                    <TextField
                      label={t('assemblies.builder.appPressure')}
                      value={state.workingPressure}
                      onChange={(e) => set({ workingPressure: e.target.value })}
                      slotProps={{
                        htmlInput: { inputMode: 'decimal' },
                        input: {
                          endAdornment: <Typography color="text.secondary">{units.pressureUnit}</Typography>,
                        },
                      }}
                      error={!!appPressure.error || !!pressureError}
                      helperText={appPressure.error ?? pressureError?.message ?? appPressure.reads}
                    />
                    <TextField
                      label={t('assemblies.builder.appTemp')}
                      value={state.tempC}
                      onChange={(e) => set({ tempC: e.target.value })}
                      slotProps={{ htmlInput: { inputMode: 'decimal' } }}
                    />
                    <TextField
                      label={t('assemblies.builder.appBend')}
                      value={state.bendRadius}
                      onChange={(e) => set({ bendRadius: e.target.value })}
                      slotProps={{
                        htmlInput: { inputMode: units.system === 'imperial' ? 'text' : 'decimal' },
                        input: {
                          endAdornment: <Typography color="text.secondary">{units.lengthUnit}</Typography>,
                        },
                      }}
                      error={!!appBend.error}
                      helperText={appBend.error ?? appBend.reads}
                    />
                    <TextField
                      label={t('assemblies.builder.appMedia')}
                      value={state.media}
                      onChange={(e) => set({ media: e.target.value })}
                    />
                  </Box>
                </AccordionDetails>
              </Accordion>
            </Stack>
          </Step>
        </Stack>

        <Stack spacing={2} sx={{ position: { md: 'sticky' }, top: { md: 80 }, minWidth: 0 }}>
          {hose?.skive ? <SkiveNotice partNumber={hose.partNumber} /> : null}
          <Paper
            variant="outlined"
            component="section"
            sx={{ p: 2 }}
            aria-label={t('assemblies.builder.results')}
          >
            <Typography variant="h6" component="h2" sx={{ mb: 1.5, fontSize: '1.1rem' }}>
              {t('assemblies.builder.results')}
            </Typography>
            <ResultsPanel results={results} showPrices={showCosts} />
          </Paper>
          <SafetyConfirmations
            findings={computation?.findings ?? []}
            confirmations={state.confirmations}
            onChange={answerFinding}
          />
          <AssemblyDrawing model={drawing} label={t('assemblies.drawing.label')} />
          {saveError ? (
            <Alert
              severity="error"
              action={
                upgradeUrl ? (
                  <Button color="inherit" size="small" href={upgradeUrl}>
                    {t('assemblies.builder.upgrade')}
                  </Button>
                ) : undefined
              }
            >
              {saveError}
            </Alert>
          ) : null}
          <Button
            type="submit"
            variant="contained"
            size="large"
            disabled={!canSave}
            startIcon={save.isPending ? <CircularProgress size={18} aria-hidden /> : <SaveIcon />}
            sx={{ display: { xs: 'none', md: 'inline-flex' } }}
          >
            {saveLabel}
          </Button>
          {!canSave && !save.isPending ? (
            <Typography variant="body2" color="text.secondary" sx={{ display: { xs: 'none', md: 'block' } }}>
              {!draft
                ? t('assemblies.builder.saveHintIncomplete')
                : orientationMissing
                  ? t('assemblies.builder.saveHintOrientation')
                  : errors.length
                    ? t(
                        unconfirmed.length === errors.length
                          ? 'assemblies.builder.saveHintConfirm'
                          : 'assemblies.builder.saveHintErrors',
                      )
                    : ''}
            </Typography>
          ) : null}
        </Stack>
      </Box>

      {/* Phones: the figures that matter and the save button stay in reach at the bottom of the screen. */}
      <Paper
        elevation={6}
        sx={{
          display: { xs: 'flex', md: 'none' },
          position: 'sticky',
          bottom: isInShell ? `calc(${PHONE_NAV_HEIGHT}px + env(safe-area-inset-bottom))` : 0,
          mt: 2,
          mx: { xs: -1 },
          p: 1.5,
          gap: 1.5,
          alignItems: 'center',
          zIndex: 2,
        }}
        aria-label={t('assemblies.builder.summary')}
        role="region"
      >
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="body2" color="text.secondary">
            {t('assemblies.figures.cutLength')}
          </Typography>
          <Typography sx={{ fontWeight: 700, fontSize: '1.2rem' }} data-testid="summary-cut-length">
            {computation ? units.length(computation.cutLengthMm) : '–'}
          </Typography>
          {computation ? (
            <Typography variant="body2" color={errors.length ? 'error' : 'text.secondary'} noWrap>
              {errors.length
                ? t('assemblies.builder.errorCount', { count: errors.length })
                : units.pressure(computation.maxWorkingPressurePsi)}
            </Typography>
          ) : null}
        </Box>
        <Button type="submit" variant="contained" disabled={!canSave} startIcon={<SaveIcon />}>
          {saveLabel}
        </Button>
      </Paper>
    </Box>
  );
}

function customerLabel(c: Customer): string {
  return c.accountNumber ? `${c.name} (${c.accountNumber})` : c.name;
}

function CustomerPicker({ id, onChange }: { id: string; onChange: (id: string) => void }) {
  const { t } = useTranslation();
  const [input, setInput] = useState('');
  const [isOpen, setIsOpen] = useState(false);
  const text = useDebounced(input, 250);
  const chosen = useQuery(customerQuery(id));
  const search = useQuery({ ...customerSearchQuery(text), enabled: isOpen });
  const value = id && chosen.data ? chosen.data : null;
  const options = search.data ?? [];
  return (
    <Autocomplete<Customer>
      value={value}
      onChange={(_, c) => onChange(c?._id ?? '')}
      inputValue={input}
      onInputChange={(_, next) => setInput(next)}
      onOpen={() => setIsOpen(true)}
      onClose={() => setIsOpen(false)}
      options={value && !options.some((o) => o._id === value._id) ? [value, ...options] : options}
      filterOptions={(list) => list}
      getOptionLabel={customerLabel}
      isOptionEqualToValue={(a, b) => a._id === b._id}
      loading={search.isFetching}
      noOptionsText={t('assemblies.builder.noCustomers')}
      renderInput={(params) => (
        <TextField
          {...params}
          label={t('assemblies.builder.customer')}
          helperText={t('assemblies.builder.customerHelp')}
        />
      )}
      sx={{ flex: 1 }}
    />
  );
}

function FixedCustomer({ id }: { id: string }) {
  const { t } = useTranslation();
  const customer = useQuery(customerQuery(id));
  return (
    <TextField
      label={t('assemblies.builder.customer')}
      value={
        customer.data
          ? customerLabel(customer.data)
          : customer.isError
            ? t('assemblies.builder.customerUnknown')
            : '…'
      }
      slotProps={{ input: { readOnly: true } }}
      sx={{ flex: 1 }}
    />
  );
}
