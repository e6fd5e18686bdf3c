import { WORK_ORDER_SOURCES, type WorkOrderSource } from '@hosewright/domain';
import AddIcon from '@mui/icons-material/Add';
import AssignmentOutlinedIcon from '@mui/icons-material/AssignmentOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormControl from '@mui/material/FormControl';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { assemblyQuery } from '@/api/assemblies';
import { customerQuery } from '@/api/customers';
import { kitQuery } from '@/api/kits';
import { useCreateWorkOrder } from '@/api/workorders';
import { CentredProgress } from '@/components/centred-progress';
import { PageHeader } from '@/components/page-header';
import { BackLink } from '@/components/record-page';
import { Section } from '@/components/section';
import { isApiError } from '@/lib/api';
import { snackbar } from '@/lib/snackbar-store';
import { DetailsFields } from '../components/details-fields';
import { LinesEditor } from '../components/lines-editor';
import { KitPicker } from '../components/pickers';
import {
  type CreateDraft,
  emptyCreateDraft,
  type FormErrors,
  newLineKey,
  serverErrorsOf,
  validateCreate,
} from '../lib/form';

/** The paths the fields of this form show the message of; any other message goes in the alert. */
const SHOWN_PATHS =
  /^(lines|lines\.\d+\.(quantity|hoseAssemblyId)|hoseKitId|serialId|quantity|customerId|warehouseId|dueDate|priority|description|notes)$/;

/**
 * `/workorders/new` (members of a professional or enterprise organisation): a draft work order from hose
 * assemblies, a kit or the serial on a tag (a reorder). `?hoseAssemblyId=`, `?hoseKitId=`, `?serialId=` and
 * `?customerId=` fill it in from the page that links here.
 */
export function WorkOrderNewPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const hoseAssemblyId = params.get('hoseAssemblyId') ?? '';
  const hoseKitId = params.get('hoseKitId') ?? '';
  const serialId = params.get('serialId') ?? '';
  const customerId = params.get('customerId') ?? '';
  // What the link names is read once; a missing one leaves the form empty rather than stopping it.
  const assembly = useQuery(assemblyQuery(hoseAssemblyId));
  const kit = useQuery(kitQuery(hoseKitId));
  const customer = useQuery(customerQuery(customerId));
  const isReading =
    (hoseAssemblyId !== '' && assembly.isPending) ||
    (hoseKitId !== '' && kit.isPending) ||
    (customerId !== '' && customer.isPending);

  const header = (
    <>
      <BackLink href="/workorders">{t('workOrders.backToList')}</BackLink>
      <PageHeader title={t('workOrders.form.newTitle')} icon={<AssignmentOutlinedIcon />} />
    </>
  );
  if (isReading) {
    return (
      <Stack spacing={2} sx={{ minWidth: 0, maxWidth: 960 }}>
        {header}
        <CentredProgress label={t('common.loading')} />
      </Stack>
    );
  }

  const initial = emptyCreateDraft();
  const missing: string[] = [];
  if (hoseAssemblyId) {
    if (assembly.data) {
      initial.lines = [
        {
          key: newLineKey(),
          hoseAssemblyId: assembly.data._id,
          title: assembly.data.title,
          description: assembly.data.description,
          quantity: '1',
        },
      ];
    } else missing.push(t('workOrders.form.assemblyMissing'));
  }
  if (hoseKitId) {
    if (kit.data) {
      initial.from = 'kit';
      initial.kit = { id: kit.data._id, title: kit.data.title };
    } else missing.push(t('workOrders.form.kitMissing'));
  }
  if (serialId) {
    initial.from = 'reorder';
    initial.serialId = serialId;
  }
  if (customerId) {
    if (customer.data) initial.details.customer = { id: customer.data._id, name: customer.data.name };
    else missing.push(t('workOrders.form.customerMissing'));
  }

  return (
    <Stack spacing={2} sx={{ minWidth: 0, maxWidth: 960 }}>
      {header}
      {missing.map((text) => (
        <Alert key={text} severity="info">
          {text}
        </Alert>
      ))}
      {/* Another link to this page (another assembly, kit or customer) starts another form. */}
      <NewWorkOrderForm key={params.toString()} initial={initial} />
    </Stack>
  );
}

function NewWorkOrderForm({ initial }: { initial: CreateDraft }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateWorkOrder();
  const [draft, setDraft] = useState<CreateDraft>(initial);
  const [errors, setErrors] = useState<FormErrors>({});
  const [isSubmitted, setIsSubmitted] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const fromLabel = useId();

  /** The checks of the contract, and the one it words for the server: no kit chosen. */
  const check = (next: CreateDraft): ReturnType<typeof validateCreate> => {
    const result = validateCreate(next);
    if (next.from === 'kit' && !next.kit) {
      return { input: null, errors: { ...result.errors, hoseKitId: t('workOrders.form.chooseKit') } };
    }
    return result;
  };

  const change = (next: CreateDraft) => {
    setDraft(next);
    // Once a save was tried, messages follow the typing.
    if (isSubmitted) setErrors(check(next).errors);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setIsSubmitted(true);
    setFailure(null);
    const { input, errors: found } = check(draft);
    setErrors(found);
    if (!input) return;
    try {
      const saved = await create.mutateAsync(input);
      snackbar.success(t('workOrders.form.created', { number: saved.number }));
      navigate(`/workorder/${encodeURIComponent(saved._id)}`);
    } catch (error) {
      const onFields = serverErrorsOf(error);
      if (onFields) {
        setErrors(onFields);
      } else if (isApiError(error, 'NOT_FOUND') && draft.from !== 'assemblies') {
        // An unknown serial or kit: the message belongs to the field it came from.
        setErrors({ [draft.from === 'kit' ? 'hoseKitId' : 'serialId']: error.message });
      } else {
        setFailure(error instanceof Error ? error.message : String(error));
      }
    }
  };

  const errorCount = Object.keys(errors).length;
  const unplaced = Object.entries(errors)
    .filter(([path]) => !SHOWN_PATHS.test(path))
    .map(([, message]) => message);
  const quantityField = (key: 'kitQuantity' | 'reorderQuantity', label: string, help: string) => (
    <TextField
      label={label}
      value={draft[key]}
      onChange={(e) => change({ ...draft, [key]: e.target.value })}
      required
      error={Boolean(errors.quantity)}
      helperText={errors.quantity ?? help}
      slotProps={{ htmlInput: { inputMode: 'numeric' } }}
      sx={{ maxWidth: { sm: 240 } }}
    />
  );

  return (
    <Stack
      component="form"
      noValidate
      onSubmit={submit}
      spacing={2}
      aria-label={t('workOrders.form.newTitle')}
    >
      <Section title={t('workOrders.form.whatToBuild')}>
        <Stack spacing={2}>
          <FormControl>
            <FormLabel id={fromLabel} sx={{ mb: 1 }}>
              {t('workOrders.form.from')}
            </FormLabel>
            <ToggleButtonGroup
              exclusive
              color="primary"
              value={draft.from}
              aria-labelledby={fromLabel}
              onChange={(_e, next: WorkOrderSource | null) => {
                if (next) change({ ...draft, from: next });
              }}
              sx={{ flexWrap: 'wrap' }}
            >
              {WORK_ORDER_SOURCES.map((source) => (
                <ToggleButton key={source} value={source} sx={{ px: 2, textTransform: 'none' }}>
                  {t(`workOrders.sources.${source}`)}
                </ToggleButton>
              ))}
            </ToggleButtonGroup>
          </FormControl>
          {draft.from === 'assemblies' ? (
            <>
              <Typography variant="body2" color="text.secondary">
                {t('workOrders.form.assembliesHelp')}
              </Typography>
              <LinesEditor
                lines={draft.lines}
                errors={errors}
                onChange={(lines) => change({ ...draft, lines })}
              />
            </>
          ) : draft.from === 'kit' ? (
            <>
              <KitPicker
                value={draft.kit}
                error={errors.hoseKitId}
                onChange={(kit) => change({ ...draft, kit })}
              />
              {quantityField(
                'kitQuantity',
                t('workOrders.form.kitQuantity'),
                t('workOrders.form.kitQuantityHelp'),
              )}
            </>
          ) : (
            <>
              <TextField
                label={t('workOrders.form.serialId')}
                value={draft.serialId}
                onChange={(e) => change({ ...draft, serialId: e.target.value })}
                required
                autoComplete="off"
                error={Boolean(errors.serialId)}
                helperText={errors.serialId ?? t('workOrders.form.serialIdHelp')}
                slotProps={{ htmlInput: { autoCapitalize: 'characters', spellCheck: false } }}
              />
              {quantityField(
                'reorderQuantity',
                t('workOrders.form.reorderQuantity'),
                t('workOrders.form.reorderQuantityHelp'),
              )}
            </>
          )}
        </Stack>
      </Section>

      <Section title={t('workOrders.form.details')}>
        <DetailsFields
          details={draft.details}
          errors={errors}
          onChange={(details) => change({ ...draft, details })}
          customerHelp={t('workOrders.form.customerHelp')}
        />
      </Section>

      {errorCount > 0 ? (
        <Alert severity="error" role="alert">
          {t('workOrders.form.fixErrors', { count: errorCount })}
          {unplaced.length > 0 ? ` ${unplaced.join(' ')}` : null}
        </Alert>
      ) : null}
      {failure ? (
        <Alert severity="error" role="alert">
          {t('workOrders.form.createFailed')} {failure}
        </Alert>
      ) : null}
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Button
          type="submit"
          variant="contained"
          disabled={create.isPending}
          startIcon={create.isPending ? <CircularProgress size={16} aria-hidden /> : <AddIcon />}
        >
          {create.isPending ? t('workOrders.form.creating') : t('workOrders.form.create')}
        </Button>
        <Button href="/workorders" disabled={create.isPending}>
          {t('common.cancel')}
        </Button>
      </Stack>
    </Stack>
  );
}
