import { ESTIMATE_EDIT_TYPES, type Estimate, type EstimateEditType } from '@hosewright/domain';
import RequestQuoteOutlinedIcon from '@mui/icons-material/RequestQuoteOutlined';
import SaveIcon from '@mui/icons-material/Save';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { customerQuery } from '@/api/customers';
import { estimateQuery, useUpdateEstimate } from '@/api/estimates';
import { CentredProgress } from '@/components/centred-progress';
import { PageHeader } from '@/components/page-header';
import { BackLink } from '@/components/record-page';
import { Section } from '@/components/section';
import { isApiError } from '@/lib/api';
import { snackbar } from '@/lib/snackbar-store';
import { DetailsFields } from '../components/details-fields';
import { LinesSection } from '../components/lines-section';
import { LoadProblem } from '../components/load-problem';
import { useAssemblyRoundTrip } from '../components/use-assembly-round-trip';
import { useLivePricing } from '../components/use-live-pricing';
import { editDraftKey, keptDraft } from '../lib/draft-storage';
import {
  type EstimateDraft,
  editDraftOf,
  type FormErrors,
  serverErrorsOf,
  validateUpdate,
} from '../lib/form';

const tabOf = (editType: string | undefined): EstimateEditType =>
  ESTIMATE_EDIT_TYPES.find((type) => type === editType) ?? 'details';

/** Where a field's message shows: on the details tab, or on the lines tab. */
const isLinesPath = (path: string) => path === 'lines' || path.startsWith('lines.');

/**
 * `/salesestimate/{salesEstimateId}/edit` and `.../edit/{editType}` (members of a professional or enterprise
 * organisation): a draft's details or its lines, the tab in the address. Only a draft changes (ADR 21); any
 * other estimate says so and links back. Building a new assembly for it keeps what was typed and comes back
 * to its lines, where the draft is given back with the assembly added.
 */
export function EstimateEditPage() {
  const { t } = useTranslation();
  const { salesEstimateId = '' } = useParams();
  const estimate = useQuery(estimateQuery(salesEstimateId));
  const back = `/salesestimate/${encodeURIComponent(salesEstimateId)}`;

  return (
    <Stack spacing={2} sx={{ minWidth: 0, maxWidth: 1100 }}>
      <BackLink href={back}>{estimate.data?.number ?? t('estimates.backToList')}</BackLink>
      {estimate.isPending ? (
        <CentredProgress label={t('common.loading')} />
      ) : estimate.isError ? (
        <LoadProblem
          message={t('estimates.loadFailed')}
          error={estimate.error}
          onRetry={() => estimate.refetch()}
        />
      ) : estimate.data.status !== 'draft' ? (
        <>
          <PageHeader
            title={t('estimates.form.editTitle', { number: estimate.data.number })}
            icon={<RequestQuoteOutlinedIcon />}
          />
          <Alert
            severity="info"
            action={
              <Button color="inherit" size="small" href={back}>
                {t('estimates.form.backTo', { number: estimate.data.number })}
              </Button>
            }
          >
            {t('estimates.form.notDraft', { status: t(`estimates.status.${estimate.data.status}`) })}
          </Alert>
        </>
      ) : (
        <EditForm key={estimate.data._id} estimate={estimate.data} />
      )}
    </Stack>
  );
}

function EditForm({ estimate }: { estimate: Estimate }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { editType } = useParams();
  const tab = tabOf(editType);
  const save = useUpdateEstimate();
  const storageKey = editDraftKey(estimate._id);
  const [draft, setDraft] = useState<EstimateDraft>(() => keptDraft(storageKey) ?? editDraftOf(estimate));
  const [errors, setErrors] = useState<FormErrors>({});
  const [isSubmitted, setIsSubmitted] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const customerId = draft.details.customer?.id ?? '';
  const customer = useQuery(customerQuery(customerId));
  // Another customer prices in its own currency; until it is read, the estimate's.
  const currency =
    customerId === estimate.customer?._id
      ? estimate.currency
      : (customer.data?.currency ?? estimate.currency);
  const pricing = useLivePricing(draft, currency);
  const id = encodeURIComponent(estimate._id);
  const back = `/salesestimate/${id}`;
  const roundTrip = useAssemblyRoundTrip({
    storageKey,
    returnTo: `${back}/edit/lines`,
    draft,
    setDraft,
  });

  const change = (next: EstimateDraft) => {
    setDraft(next);
    if (isSubmitted) setErrors(validateUpdate(estimate, next, currency).errors);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setIsSubmitted(true);
    setFailure(null);
    const { input, errors: found } = validateUpdate(estimate, draft, currency);
    setErrors(found);
    if (!input) {
      // The message is on the other tab: go where it can be read.
      const paths = Object.keys(found);
      if (paths.length > 0 && paths.every(isLinesPath) !== (tab === 'lines')) {
        navigate(`${back}/edit/${tab === 'lines' ? 'details' : 'lines'}`, { replace: true });
      }
      return;
    }
    if (Object.keys(input).length === 0) {
      navigate(back);
      return;
    }
    try {
      const saved = await save.mutateAsync({ id: estimate._id, input });
      snackbar.success(t('estimates.form.saved', { number: saved.number }));
      navigate(`/salesestimate/${encodeURIComponent(saved._id)}`);
    } catch (error) {
      const onFields = serverErrorsOf(error);
      if (onFields) setErrors(onFields);
      else
        setFailure(
          isApiError(error, 'CONFLICT')
            ? error.message
            : `${t('estimates.form.saveFailed')} ${(error as Error).message}`,
        );
    }
  };

  const errorCount = Object.keys(errors).length;
  const elsewhere = Object.keys(errors).filter((path) => isLinesPath(path) !== (tab === 'lines')).length;

  return (
    <>
      <PageHeader
        title={t('estimates.form.editTitle', { number: estimate.number })}
        icon={<RequestQuoteOutlinedIcon />}
      />
      <Stack
        component="form"
        noValidate
        onSubmit={submit}
        spacing={2}
        aria-label={t('estimates.form.editTitle', { number: estimate.number })}
      >
        <Tabs
          value={tab}
          onChange={(_, next: EstimateEditType) => navigate(`${back}/edit/${next}`, { replace: true })}
          aria-label={t('estimates.form.sections')}
          variant="fullWidth"
          sx={{ maxWidth: 480, borderBottom: 1, borderColor: 'divider' }}
        >
          <Tab value="details" label={t('estimates.form.tabs.details')} />
          <Tab value="lines" label={t('estimates.form.lines', { count: draft.lines.length })} />
        </Tabs>
        {tab === 'details' ? (
          <Section title={t('estimates.form.details')}>
            <DetailsFields
              details={draft.details}
              errors={errors}
              onChange={(details) => change({ ...draft, details })}
              customer={customer.data}
            />
          </Section>
        ) : (
          <LinesSection
            lines={draft.lines}
            errors={errors}
            onChange={(lines) => change({ ...draft, lines })}
            currency={currency}
            pricing={pricing}
            customerId={customerId || null}
            onBuildAssembly={roundTrip.buildAssembly}
            focusKey={roundTrip.addedKey}
          />
        )}
        {errorCount > 0 ? (
          <Alert severity="error" role="alert">
            {t('estimates.form.fixErrors', { count: errorCount })}
            {elsewhere > 0 ? ` ${t('estimates.form.onOtherTab')}` : null}
          </Alert>
        ) : null}
        {failure ? (
          <Alert severity="error" role="alert">
            {failure}
          </Alert>
        ) : null}
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Button
            type="submit"
            variant="contained"
            disabled={save.isPending}
            startIcon={save.isPending ? <CircularProgress size={16} aria-hidden /> : <SaveIcon />}
          >
            {save.isPending ? t('estimates.form.saving') : t('estimates.form.save')}
          </Button>
          <Button href={back} disabled={save.isPending}>
            {t('common.cancel')}
          </Button>
        </Stack>
      </Stack>
    </>
  );
}
