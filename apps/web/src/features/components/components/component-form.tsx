import type { ComponentKind, LookupEntry, UnitSystem } from '@hosewright/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lookupQuery } from '@/api/components';
import { isApiError } from '@/lib/api';
import { useUnits } from '@/lib/use-units';
import {
  COMMERCIAL_FIELDS,
  convertFormUnits,
  type FieldDef,
  type FieldErrors,
  type FieldName,
  type FormValues,
  IDENTITY_FIELDS,
  type IssueLike,
  issuesToFieldErrors,
  SPEC_FIELDS,
  validateForm,
} from '../lib/fields';

export interface ComponentFormProps {
  kind: ComponentKind;
  initialValues: FormValues;
  /** 'suggest' sends a proposal for an admin to review instead of saving. */
  mode: 'create' | 'edit' | 'suggest';
  /** Saves the validated input; throws the server's ApiError when it refuses. */
  onSubmit: (input: Record<string, unknown>) => Promise<void>;
  onCancel?: () => void;
}

/** The server's 400 body lists `details.issues: [{ path, message }]`. */
function readIssues(details: Record<string, unknown> | undefined): IssueLike[] {
  const issues = details?.issues;
  if (!Array.isArray(issues)) return [];
  return issues.flatMap((issue): IssueLike[] => {
    if (typeof issue !== 'object' || issue === null) return [];
    const { path, message } = issue as { path?: unknown; message?: unknown };
    if (typeof message !== 'string') return [];
    const list = Array.isArray(path) ? path : typeof path === 'string' ? path.split('.') : [];
    return [
      {
        path: list.filter((p): p is string | number => typeof p === 'string' || typeof p === 'number'),
        message,
      },
    ];
  });
}

/**
 * Create or edit one component: the kind's fields in three groups, checked with the domain zod schema on
 * submit (messages under the fields), then saved; the server's own refusals land under the same fields.
 */
export function ComponentForm({ kind, initialValues, mode, onSubmit, onCancel }: ComponentFormProps) {
  const { t } = useTranslation();
  const units = useUnits();
  const formId = useId();
  // `initialValues` hold lengths and pressures as stored (mm, psi); the form shows them in the user's units
  // and writes them again if those change (the user's record arriving after the form opened).
  const [valuesUnits, setValuesUnits] = useState<UnitSystem>(units.system);
  const [values, setValues] = useState<FormValues>(() =>
    convertFormUnits(kind, initialValues, undefined, units.system),
  );
  if (valuesUnits !== units.system) {
    setValuesUnits(units.system);
    setValues(convertFormUnits(kind, values, valuesUnits, units.system));
  }
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [isSaving, setSaving] = useState(false);
  const fieldId = (name: FieldName) => `${formId}-${name}`;

  const setValue = (name: FieldName, value: string | boolean) => {
    setValues((current) => ({ ...current, [name]: value }));
    if (errors[name]) setErrors((current) => ({ ...current, [name]: undefined }));
  };

  const focusFirst = (found: FieldErrors) => {
    const order = [...IDENTITY_FIELDS, ...SPEC_FIELDS[kind], ...COMMERCIAL_FIELDS].map((f) => f.name);
    const first = order.find((name) => found[name]);
    if (first) document.getElementById(fieldId(first))?.focus();
  };

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const result = validateForm(kind, values, units.system);
    setErrors(result.errors);
    if (!result.input) {
      focusFirst(result.errors);
      return;
    }
    setSaving(true);
    try {
      await onSubmit(result.input);
    } catch (error) {
      if (isApiError(error)) {
        const { errors: found, other } = issuesToFieldErrors(readIssues(error.body.details));
        if (error.code === 'CONFLICT' && !found.partNumber) found.partNumber = error.message;
        setErrors(found);
        const hasFieldErrors = Object.values(found).some(Boolean);
        if (other.length > 0 || !hasFieldErrors)
          setFormError(other.length > 0 ? other.join(' ') : error.message);
        focusFirst(found);
      } else {
        setFormError(error instanceof Error ? error.message : String(error));
      }
    } finally {
      setSaving(false);
    }
  };

  const errorCount = Object.values(errors).filter(Boolean).length;
  const groups: { key: 'identity' | 'spec' | 'commercial'; fields: readonly FieldDef[] }[] = [
    { key: 'identity', fields: IDENTITY_FIELDS },
    { key: 'spec', fields: SPEC_FIELDS[kind] },
    { key: 'commercial', fields: COMMERCIAL_FIELDS },
  ];

  return (
    <Box component="form" noValidate onSubmit={handleSubmit} aria-label={t(`components.form.${mode}Label`)}>
      <Stack spacing={2}>
        {errorCount > 0 || formError ? (
          <Alert severity="error" role="alert">
            {formError ?? t('components.form.fixFields', { count: errorCount })}
          </Alert>
        ) : null}
        {groups
          .filter((group) => group.fields.length > 0)
          .map((group) => (
            <Paper
              key={group.key}
              variant="outlined"
              component="fieldset"
              // A fieldset is as wide as its widest content by default; on a phone it must shrink instead.
              sx={{ p: { xs: 2, sm: 3 }, m: 0, minWidth: 0 }}
            >
              <Typography component="legend" variant="h6" sx={{ px: 0.5 }}>
                {t(`components.form.groups.${group.key}`)}
              </Typography>
              <Box
                sx={{
                  display: 'grid',
                  gap: 2,
                  gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' },
                  mt: 1,
                }}
              >
                {group.fields.map((field) => (
                  <FormField
                    key={field.name}
                    id={fieldId(field.name)}
                    field={field}
                    value={values[field.name]}
                    error={errors[field.name]}
                    onChange={(value) => setValue(field.name, value)}
                  />
                ))}
              </Box>
            </Paper>
          ))}
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Button
            type="submit"
            variant="contained"
            disabled={isSaving}
            startIcon={isSaving ? <CircularProgress size={16} aria-hidden /> : undefined}
          >
            {mode === 'suggest' ? t('components.form.sendSuggestion') : t('common.save')}
          </Button>
          {onCancel ? (
            <Button onClick={onCancel} disabled={isSaving}>
              {t('common.cancel')}
            </Button>
          ) : null}
        </Stack>
      </Stack>
    </Box>
  );
}

interface FormFieldProps {
  id: string;
  field: FieldDef;
  value: string | boolean | undefined;
  error: string | undefined;
  onChange: (value: string | boolean) => void;
}

function FormField({ id, field, value, error, onChange }: FormFieldProps) {
  const { t } = useTranslation();
  const units = useUnits();
  const label = t(`components.fields.${field.name}`);
  const help = field.hasHelp ? t(`components.help.${field.name as HelpName}`) : undefined;
  const helperId = `${id}-helper`;
  const wide = field.type === 'multiline' || field.name === 'description';

  if (field.type === 'boolean') {
    return (
      <FormControl error={Boolean(error)} sx={{ gridColumn: wide ? '1 / -1' : undefined }}>
        <FormControlLabel
          control={
            <Switch
              id={id}
              checked={value === true}
              onChange={(event) => onChange(event.target.checked)}
              slotProps={{ input: { 'aria-describedby': error || help ? helperId : undefined } }}
            />
          }
          label={label}
        />
        {error || help ? <FormHelperText id={helperId}>{error ?? help}</FormHelperText> : null}
      </FormControl>
    );
  }

  const text = typeof value === 'string' ? value : '';
  const feedback =
    field.unit === 'mm'
      ? units.lengthFeedback(text)
      : field.unit === 'psi'
        ? units.pressureFeedback(text)
        : null;
  const unitLabel =
    field.unit === 'mm' ? units.lengthUnit : field.unit === 'psi' ? units.pressureUnit : field.unit;
  const common = {
    id,
    label,
    value: text,
    required: field.required ?? false,
    error: Boolean(error),
    helperText: error ?? feedback?.reads ?? help,
    fullWidth: true,
    sx: wide ? { gridColumn: '1 / -1' } : undefined,
  };

  if (field.type === 'lookup' && field.lookup) {
    return <LookupField {...common} list={field.lookup} onChange={onChange} />;
  }

  if (field.type === 'select') {
    const options = field.options?.(t) ?? [];
    const hasValue = text === '' || options.some((o) => o.value === text);
    return (
      <TextField {...common} select onChange={(event) => onChange(event.target.value)}>
        {field.required ? null : <MenuItem value="">{t('components.form.notSet')}</MenuItem>}
        {hasValue ? null : <MenuItem value={text}>{text}</MenuItem>}
        {options.map((o) => (
          <MenuItem key={o.value} value={o.value}>
            {o.label}
          </MenuItem>
        ))}
      </TextField>
    );
  }

  const isNumeric = field.type === 'number' || field.type === 'integer';
  return (
    <TextField
      {...common}
      multiline={field.type === 'multiline'}
      minRows={field.type === 'multiline' ? 2 : undefined}
      onChange={(event) => onChange(event.target.value)}
      slotProps={{
        htmlInput: {
          ...(isNumeric && !(field.unit === 'mm' && units.system === 'imperial')
            ? { inputMode: field.type === 'integer' && !feedback ? 'numeric' : 'decimal' }
            : {}),
          ...(field.name === 'partNumber' ? { autoCapitalize: 'characters', spellCheck: false } : {}),
        },
        input: unitLabel
          ? { endAdornment: <InputAdornment position="end">{unitLabel}</InputAdornment> }
          : undefined,
      }}
    />
  );
}

type HelpName =
  | 'partNumber'
  | 'series'
  | 'dash'
  | 'skive'
  | 'angle'
  | 'cutoffMm'
  | 'endA'
  | 'endB'
  | 'thread'
  | 'fitAfterAssembly'
  | 'cost'
  | 'active';

/** Product group and supplier: the organisation's codes when it has a list, free text otherwise. */
function LookupField({
  list,
  onChange,
  ...common
}: {
  id: string;
  label: string;
  value: string;
  required: boolean;
  error: boolean;
  helperText: string | undefined;
  fullWidth: boolean;
  sx: { gridColumn: string } | undefined;
  list: 'productgroups' | 'suppliers';
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation();
  const lookup = useQuery(lookupQuery(list));
  const entries: LookupEntry[] = lookup.data ?? [];
  if (entries.length === 0) {
    return <TextField {...common} onChange={(event) => onChange(event.target.value)} />;
  }
  const hasValue = common.value === '' || entries.some((e) => e.code === common.value);
  return (
    <TextField {...common} select onChange={(event) => onChange(event.target.value)}>
      <MenuItem value="">{t('components.form.notSet')}</MenuItem>
      {hasValue ? null : <MenuItem value={common.value}>{common.value}</MenuItem>}
      {entries.map((entry) => (
        <MenuItem key={entry.code} value={entry.code}>
          {entry.code === entry.name ? entry.code : `${entry.code} – ${entry.name}`}
        </MenuItem>
      ))}
    </TextField>
  );
}
