import { type Address, WAREHOUSE_KINDS, type Warehouse, type WarehouseKind } from '@hosewright/domain';
import SaveIcon from '@mui/icons-material/Save';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSaveWarehouse } from '@/api/warehouses';
import { FormSection } from '@/components/form-section';
import { draftOf, type FormErrors, serverErrorsOf, validateDraft, type WarehouseDraft } from '../lib/form';
import { KindIcon } from './kind-icon';
import { LocationsEditor } from './locations-editor';

/** The sections `/warehouse/{id}/edit/{editType}` opens the form at. */
export const EDIT_SECTIONS = ['details', 'locations'] as const;
export type EditSection = (typeof EDIT_SECTIONS)[number];

const TWO_COLUMNS = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' },
} as const;

export interface WarehouseFormProps {
  /** The warehouse being edited; none for a new one. */
  warehouse?: Warehouse;
  /** The section to open at: it scrolls into view and its first field takes the focus. */
  focus?: EditSection;
  onSaved: (saved: Warehouse) => void;
  onCancel: () => void;
}

/** The paths a field of this form shows the message of. */
const SHOWN_PATHS =
  /^(code|name|kind|region|notes|active|isDefault|locations|address\.\w+|locations\.\d+\.(code|name|_id))$/;

const ADDRESS_PARTS = ['line1', 'line2', 'city', 'region', 'postalCode', 'country'] as const;

/** The warehouse form (/warehouses/new and /warehouse/{id}/edit): the contract's own messages per field. */
export function WarehouseForm({ warehouse, focus, onSaved, onCancel }: WarehouseFormProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<WarehouseDraft>(() => draftOf(warehouse));
  const [errors, setErrors] = useState<FormErrors>({});
  const [isSubmitted, setIsSubmitted] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const save = useSaveWarehouse();
  const details = useRef<HTMLElement>(null);
  const locations = useRef<HTMLElement>(null);
  const wasDefault = warehouse?.isDefault ?? false;
  const kindLabelId = useId();

  useEffect(() => {
    const section = focus === 'locations' ? locations.current : focus === 'details' ? details.current : null;
    if (!section) return;
    section.scrollIntoView?.({ block: 'start' });
    section.querySelector<HTMLElement>('input:not([disabled]), textarea, button')?.focus();
  }, [focus]);

  const change = (next: WarehouseDraft) => {
    setDraft(next);
    // Once a save was tried, messages follow the typing.
    if (isSubmitted) setErrors(validateDraft(next).errors);
  };
  const set = <K extends keyof WarehouseDraft>(key: K, value: WarehouseDraft[K]) =>
    change({ ...draft, [key]: value });

  const field = (path: string) =>
    errors[path]
      ? { error: true, helperText: errors[path] }
      : ({} as { error?: boolean; helperText?: string });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setIsSubmitted(true);
    setFailure(null);
    const { input, errors: found } = validateDraft(draft);
    setErrors(found);
    if (!input) return;
    try {
      onSaved(await save.mutateAsync({ id: warehouse?._id ?? 'new', input }));
    } catch (error) {
      const onFields = serverErrorsOf(error);
      if (onFields) setErrors(onFields);
      else setFailure(error instanceof Error ? error.message : String(error));
    }
  };

  const errorCount = Object.keys(errors).length;
  // A message for a path no field shows still reaches the person.
  const unplaced = Object.entries(errors)
    .filter(([path]) => !SHOWN_PATHS.test(path))
    .map(([, message]) => message);
  const setAddress = (part: keyof Address, text: string) =>
    set('address', { ...draft.address, [part]: text });

  return (
    <Stack
      component="form"
      noValidate
      onSubmit={submit}
      spacing={2}
      aria-label={
        warehouse ? t('warehouses.form.editTitle', { name: warehouse.name }) : t('warehouses.form.newTitle')
      }
    >
      <FormSection title={t('warehouses.form.sections.details')} sectionRef={details}>
        <Box sx={TWO_COLUMNS}>
          <TextField
            label={t('warehouses.fields.code')}
            value={draft.code}
            onChange={(e) => set('code', e.target.value)}
            required
            autoFocus={!warehouse && !focus}
            autoComplete="off"
            helperText={errors.code ?? t('warehouses.fields.codeHelp')}
            error={Boolean(errors.code)}
          />
          <TextField
            label={t('warehouses.fields.name')}
            value={draft.name}
            onChange={(e) => set('name', e.target.value)}
            required
            autoComplete="off"
            {...field('name')}
          />
        </Box>
        <FormControl error={Boolean(errors.kind)}>
          <FormLabel id={kindLabelId} sx={{ mb: 1 }}>
            {t('warehouses.fields.kind')}
          </FormLabel>
          <ToggleButtonGroup
            exclusive
            color="primary"
            value={draft.kind}
            aria-labelledby={kindLabelId}
            onChange={(_e, next: WarehouseKind | null) => {
              if (next) set('kind', next);
            }}
          >
            {WAREHOUSE_KINDS.map((kind) => (
              <ToggleButton key={kind} value={kind} sx={{ gap: 1, px: 2, textTransform: 'none' }}>
                <KindIcon kind={kind} />
                {t(`warehouses.kinds.${kind}`)}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
          {errors.kind ? <FormHelperText>{errors.kind}</FormHelperText> : null}
        </FormControl>
        <TextField
          label={t('warehouses.fields.region')}
          value={draft.region}
          onChange={(e) => set('region', e.target.value)}
          helperText={errors.region ?? t('warehouses.fields.regionHelp')}
          error={Boolean(errors.region)}
          sx={{ maxWidth: { sm: 'calc(50% - 8px)' } }}
        />
        <Box>
          <FormControlLabel
            control={
              <Switch
                checked={draft.isDefault}
                disabled={wasDefault}
                onChange={(e) =>
                  // The default warehouse is active: switching it on switches Active on too.
                  change({ ...draft, isDefault: e.target.checked, active: e.target.checked || draft.active })
                }
              />
            }
            label={t('warehouses.fields.isDefault')}
          />
          <FormHelperText error={Boolean(errors.isDefault)} sx={{ mt: 0 }}>
            {errors.isDefault ??
              (wasDefault ? t('warehouses.fields.isDefaultLocked') : t('warehouses.fields.isDefaultHelp'))}
          </FormHelperText>
        </Box>
        <Box>
          <FormControlLabel
            control={<Switch checked={draft.active} onChange={(e) => set('active', e.target.checked)} />}
            label={t('warehouses.fields.active')}
          />
          {errors.active || !draft.active ? (
            <FormHelperText error={Boolean(errors.active)} sx={{ mt: 0 }}>
              {errors.active ?? t('warehouses.fields.activeHelp')}
            </FormHelperText>
          ) : null}
        </Box>
      </FormSection>

      <FormSection title={t('warehouses.form.sections.address')}>
        <Box sx={TWO_COLUMNS}>
          {ADDRESS_PARTS.map((part) => (
            <TextField
              key={part}
              label={t(`warehouses.fields.${part === 'region' ? 'addressRegion' : part}`)}
              value={draft.address[part]}
              onChange={(e) => setAddress(part, e.target.value)}
              autoComplete="off"
              {...field(`address.${part}`)}
            />
          ))}
        </Box>
        <TextField
          label={t('warehouses.fields.notes')}
          value={draft.notes}
          onChange={(e) => set('notes', e.target.value)}
          multiline
          minRows={3}
          {...field('notes')}
        />
      </FormSection>

      <FormSection title={t('warehouses.form.sections.locations')} sectionRef={locations}>
        <LocationsEditor
          locations={draft.locations}
          errors={errors}
          onChange={(next) => set('locations', next)}
        />
      </FormSection>

      {errorCount > 0 ? (
        <Alert severity="error" role="alert">
          {t('warehouses.form.fixErrors', { count: errorCount })}
          {unplaced.length > 0 ? ` ${unplaced.join(' ')}` : null}
        </Alert>
      ) : null}
      {failure ? (
        <Alert severity="error" role="alert">
          {t('warehouses.form.saveFailed')} {failure}
        </Alert>
      ) : null}
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Button
          type="submit"
          variant="contained"
          disabled={save.isPending}
          startIcon={save.isPending ? <CircularProgress size={16} aria-hidden /> : <SaveIcon />}
        >
          {save.isPending ? t('warehouses.form.saving') : t('warehouses.form.save')}
        </Button>
        <Button onClick={onCancel} disabled={save.isPending}>
          {t('warehouses.form.cancel')}
        </Button>
      </Stack>
    </Stack>
  );
}
