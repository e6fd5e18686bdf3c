import AddIcon from '@mui/icons-material/Add';
import RequestQuoteOutlinedIcon from '@mui/icons-material/RequestQuoteOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { customerQuery } from '@/api/customers';
import { useCreateEstimate } from '@/api/estimates';
import { CentredProgress } from '@/components/centred-progress';
import { PageHeader } from '@/components/page-header';
import { BackLink } from '@/components/record-page';
import { Section } from '@/components/section';
import { localDay } from '@/lib/format';
import { useOrganizationSetting } from '@/lib/organization-settings';
import { snackbar } from '@/lib/snackbar-store';
import { DetailsFields } from '../components/details-fields';
import { LinesSection } from '../components/lines-section';
import { useAssemblyRoundTrip } from '../components/use-assembly-round-trip';
import { useLivePricing } from '../components/use-live-pricing';
import { keptDraft, NEW_DRAFT_KEY } from '../lib/draft-storage';
import {
  type EstimateDraft,
  emptyDetails,
  type FormErrors,
  serverErrorsOf,
  validateCreate,
} from '../lib/form';

/** The paths the fields of this form show the message of; any other message goes in the alert. */
const SHOWN_PATHS =
  /^(lines|lines\.\d+\.(quantity|itemId|description|unitPriceOverride)|customerId|contact\.(name|email)|estimateDate|validUntil|description|notes)$/;

/**
 * `/salesestimates/new` and `/customer/{customerId}/salesestimates/new` (members of a professional or
 * enterprise organisation): a draft estimate, the customer chosen first (from the address when it names
 * one), its lines priced live as they are typed. Saving creates the draft and opens it. Building a new
 * assembly for it keeps what was typed and comes back to `/salesestimates/new` (the customer is in the
 * draft), where the draft is given back with the assembly added.
 */
export function EstimateNewPage() {
  const { t } = useTranslation();
  const { customerId = '' } = useParams();
  const customer = useQuery({ ...customerQuery(customerId), retry: false });

  const header = (
    <>
      <BackLink href="/salesestimates">{t('estimates.backToList')}</BackLink>
      <PageHeader title={t('estimates.form.newTitle')} icon={<RequestQuoteOutlinedIcon />} />
    </>
  );
  if (customerId && customer.isPending) {
    return (
      <Stack spacing={2} sx={{ minWidth: 0, maxWidth: 1100 }}>
        {header}
        <CentredProgress label={t('common.loading')} />
      </Stack>
    );
  }
  const picked = customer.data ? { id: customer.data._id, name: customer.data.name } : null;
  return (
    <Stack spacing={2} sx={{ minWidth: 0, maxWidth: 1100 }}>
      {header}
      {customerId && !customer.data ? (
        <Alert severity="info">{t('estimates.form.customerMissing')}</Alert>
      ) : null}
      <NewEstimateForm key={customerId} initial={{ details: emptyDetails(picked, localDay()), lines: [] }} />
    </Stack>
  );
}

function NewEstimateForm({ initial }: { initial: EstimateDraft }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateEstimate();
  const defaults = useOrganizationSetting('defaults');
  // A draft kept while an assembly was built; from a customer's address, only one for that customer.
  const [draft, setDraft] = useState<EstimateDraft>(() => {
    const kept = keptDraft(NEW_DRAFT_KEY);
    const fixed = initial.details.customer?.id;
    return kept && (!fixed || kept.details.customer?.id === fixed) ? kept : initial;
  });
  const roundTrip = useAssemblyRoundTrip({
    storageKey: NEW_DRAFT_KEY,
    returnTo: '/salesestimates/new',
    draft,
    setDraft,
  });
  const [errors, setErrors] = useState<FormErrors>({});
  const [isSubmitted, setIsSubmitted] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const customerId = draft.details.customer?.id ?? '';
  const customer = useQuery(customerQuery(customerId));
  // Typed prices are in the customer's currency (the estimate's); the organisation's until it is known.
  const currency = customer.data?.currency ?? defaults?.currency ?? 'CAD';
  const pricing = useLivePricing(draft, currency);

  const change = (next: EstimateDraft) => {
    setDraft(next);
    // Once a save was tried, messages follow the typing.
    if (isSubmitted) setErrors(validateCreate(next, currency).errors);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setIsSubmitted(true);
    setFailure(null);
    const { input, errors: found } = validateCreate(draft, currency);
    setErrors(found);
    if (!input) return;
    try {
      const saved = await create.mutateAsync(input);
      snackbar.success(t('estimates.form.created', { number: saved.number }));
      navigate(`/salesestimate/${encodeURIComponent(saved._id)}`);
    } catch (error) {
      const onFields = serverErrorsOf(error);
      if (onFields) setErrors(onFields);
      else setFailure(`${t('estimates.form.createFailed')} ${(error as Error).message}`);
    }
  };

  const errorCount = Object.keys(errors).length;
  const unplaced = Object.entries(errors)
    .filter(([path]) => !SHOWN_PATHS.test(path))
    .map(([, message]) => message);

  return (
    <Stack
      component="form"
      noValidate
      onSubmit={submit}
      spacing={2}
      aria-label={t('estimates.form.newTitle')}
    >
      <Section title={t('estimates.form.details')}>
        <DetailsFields
          details={draft.details}
          errors={errors}
          onChange={(details) => change({ ...draft, details })}
          customer={customer.data}
        />
      </Section>
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
      {errorCount > 0 ? (
        <Alert severity="error" role="alert">
          {t('estimates.form.fixErrors', { count: errorCount })}
          {unplaced.length > 0 ? ` ${unplaced.join(' ')}` : null}
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
          disabled={create.isPending}
          startIcon={create.isPending ? <CircularProgress size={16} aria-hidden /> : <AddIcon />}
        >
          {create.isPending ? t('estimates.form.creating') : t('estimates.form.create')}
        </Button>
        <Button href="/salesestimates" disabled={create.isPending}>
          {t('common.cancel')}
        </Button>
      </Stack>
    </Stack>
  );
}
