import { WORK_ORDER_EDIT_TYPES, type WorkOrder, type WorkOrderEditType } from '@hosewright/domain';
import AssignmentOutlinedIcon from '@mui/icons-material/AssignmentOutlined';
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
import { useUpdateWorkOrder, workOrderQuery } from '@/api/workorders';
import { PageHeader } from '@/components/page-header';
import { BackLink, RecordLoad } from '@/components/record-page';
import { Section } from '@/components/section';
import { isApiError } from '@/lib/api';
import { snackbar } from '@/lib/snackbar-store';
import { DetailsFields } from '../components/details-fields';
import { LinesEditor } from '../components/lines-editor';
import { type EditDraft, editDraftOf, type FormErrors, serverErrorsOf, validateUpdate } from '../lib/form';
import { isOpen } from '../lib/work-order';

const tabOf = (editType: string | undefined): WorkOrderEditType =>
  WORK_ORDER_EDIT_TYPES.find((type) => type === editType) ?? 'details';

/** Where a field's message shows: on the details tab, or on the lines tab. */
const isLinesPath = (path: string) => path === 'lines' || path.startsWith('lines.');

/**
 * `/workorder/{workOrderId}/edit` and `/workorder/{workOrderId}/edit/{editType}` (members of a professional
 * or enterprise organisation): the details until the work order is completed or cancelled, and its lines
 * and warehouse while it is a draft. The tab is in the address.
 */
export function WorkOrderEditPage() {
  const { t } = useTranslation();
  const { workOrderId = '' } = useParams();
  const workOrder = useQuery(workOrderQuery(workOrderId));
  const back = `/workorder/${encodeURIComponent(workOrderId)}`;

  return (
    <Stack spacing={2} sx={{ minWidth: 0, maxWidth: 960 }}>
      <BackLink href={back}>{workOrder.data?.number ?? t('workOrders.backToList')}</BackLink>
      <RecordLoad
        query={workOrder}
        notFound={t('workOrders.notFound')}
        loadFailed={t('workOrders.loadFailed')}
      >
        {(loaded) => <EditForm key={loaded._id} workOrder={loaded} />}
      </RecordLoad>
    </Stack>
  );
}

function EditForm({ workOrder }: { workOrder: WorkOrder }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { editType } = useParams();
  const tab = tabOf(editType);
  const save = useUpdateWorkOrder();
  const [draft, setDraft] = useState<EditDraft>(() => editDraftOf(workOrder));
  const [errors, setErrors] = useState<FormErrors>({});
  const [isSubmitted, setIsSubmitted] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const id = encodeURIComponent(workOrder._id);
  const back = `/workorder/${id}`;
  const isDraft = workOrder.status === 'draft';
  const canChange = isOpen(workOrder.status);

  const change = (next: EditDraft) => {
    setDraft(next);
    if (isSubmitted) setErrors(validateUpdate(workOrder, next).errors);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setIsSubmitted(true);
    setFailure(null);
    const { input, errors: found } = validateUpdate(workOrder, draft);
    setErrors(found);
    if (!input) {
      // The message is on the other tab: go where it can be read.
      const paths = Object.keys(found);
      if (paths.length > 0 && paths.every(isLinesPath) !== (tab === 'lines')) {
        navigate(`/workorder/${id}/edit/${tab === 'lines' ? 'details' : 'lines'}`, { replace: true });
      }
      return;
    }
    if (Object.keys(input).length === 0) {
      navigate(back);
      return;
    }
    try {
      const saved = await save.mutateAsync({ id: workOrder._id, input });
      snackbar.success(t('workOrders.form.saved', { number: saved.number }));
      navigate(`/workorder/${encodeURIComponent(saved._id)}`);
    } catch (error) {
      const onFields = serverErrorsOf(error);
      if (onFields) setErrors(onFields);
      // A conflict says why (it was released meanwhile): as it stands.
      else
        setFailure(
          isApiError(error, 'CONFLICT')
            ? error.message
            : `${t('workOrders.form.saveFailed')} ${(error as Error).message}`,
        );
    }
  };

  const errorCount = Object.keys(errors).length;
  const elsewhere = Object.keys(errors).filter((path) => isLinesPath(path) !== (tab === 'lines')).length;

  return (
    <>
      <PageHeader
        title={t('workOrders.form.editTitle', { number: workOrder.number })}
        icon={<AssignmentOutlinedIcon />}
        subtitle={t(`workOrders.form.editSubtitle.${workOrder.status}`)}
      />
      {!canChange ? (
        <Alert
          severity="info"
          action={
            <Button color="inherit" size="small" href={back}>
              {t('workOrders.form.backTo', { number: workOrder.number })}
            </Button>
          }
        >
          {t(`workOrders.form.closed.${workOrder.status === 'completed' ? 'completed' : 'cancelled'}`)}
        </Alert>
      ) : (
        <Stack
          component="form"
          noValidate
          onSubmit={submit}
          spacing={2}
          aria-label={t('workOrders.form.editTitle', { number: workOrder.number })}
        >
          <Tabs
            value={tab}
            onChange={(_, next: WorkOrderEditType) =>
              navigate(`/workorder/${id}/edit/${next}`, { replace: true })
            }
            aria-label={t('workOrders.form.sections')}
            variant="fullWidth"
            sx={{ maxWidth: 480, borderBottom: 1, borderColor: 'divider' }}
          >
            <Tab value="details" label={t('workOrders.form.tabs.details')} />
            <Tab value="lines" label={t('workOrders.form.tabs.lines', { count: draft.lines.length })} />
          </Tabs>
          {tab === 'details' ? (
            <Section title={t('workOrders.form.details')}>
              <DetailsFields
                details={draft.details}
                errors={errors}
                onChange={(details) => change({ ...draft, details })}
                customerHelp={t('workOrders.form.customerEditHelp')}
                warehouseLocked={!isDraft}
              />
            </Section>
          ) : (
            <Section title={t('workOrders.form.tabs.lines', { count: draft.lines.length })}>
              {isDraft ? (
                <LinesEditor
                  lines={draft.lines}
                  errors={errors}
                  onChange={(lines) => change({ ...draft, lines })}
                />
              ) : (
                <Alert severity="info">{t('workOrders.form.linesLocked')}</Alert>
              )}
            </Section>
          )}
          {errorCount > 0 ? (
            <Alert severity="error" role="alert">
              {t('workOrders.form.fixErrors', { count: errorCount })}
              {elsewhere > 0 ? ` ${t('workOrders.form.onOtherTab')}` : null}
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
              {save.isPending ? t('workOrders.form.saving') : t('workOrders.form.save')}
            </Button>
            <Button href={back} disabled={save.isPending}>
              {t('common.cancel')}
            </Button>
          </Stack>
        </Stack>
      )}
    </>
  );
}
