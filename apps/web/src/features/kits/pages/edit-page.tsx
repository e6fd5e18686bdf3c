/**
 * `/hosekits/new`, `/customer/{customerId}/hosekits/new` (customer chosen), `/hosekit/{id}/edit` and
 * `/hosekit/{id}/edit/{editType}` (details or lines). Saving an unreleased kit changes it; saving a released
 * one makes the next revision.
 */
import type { HoseKit } from '@hosewright/domain';
import { nextRevision } from '@hosewright/domain';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Inventory2OutlinedIcon from '@mui/icons-material/Inventory2Outlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { customerQuery } from '@/api/customers';
import { kitComputeQuery, kitQuery, useSaveKit } from '@/api/kits';
import { CentredProgress } from '@/components/centred-progress';
import { CustomerPicker } from '@/components/customer-picker';
import { PageHeader } from '@/components/page-header';
import { BackLink } from '@/components/record-page';
import { isApiError } from '@/lib/api';
import { snackbar } from '@/lib/snackbar-store';
import { useDebounced } from '@/lib/use-debounced';
import { KitLinesEditor } from '../components/kit-lines-editor';
import { SaveError } from '../components/save-error';
import { draftOf, emptyDraft, inputOf, type KitDraft } from '../lib/draft';

export const EDIT_TYPES = ['details', 'lines'] as const;
export type EditType = (typeof EDIT_TYPES)[number];

export function EditPage() {
  const { hoseKitId, customerId } = useParams();
  const { t } = useTranslation();
  const kit = useQuery(kitQuery(hoseKitId ?? ''));
  const customer = useQuery(customerQuery(hoseKitId ? '' : (customerId ?? '')));
  if (hoseKitId) {
    if (kit.isPending) return <CentredProgress />;
    if (kit.isError || !kit.data) {
      const isMissing = isApiError(kit.error) && kit.error.status === 404;
      return (
        <Stack spacing={2} sx={{ maxWidth: 640 }}>
          <PageHeader title={t('kits.detail.notFound')} icon={<Inventory2OutlinedIcon />} />
          <Typography>{isMissing ? t('kits.detail.notFoundHelp') : kit.error?.message}</Typography>
          <Button
            href="/hosekits"
            variant="outlined"
            startIcon={<ArrowBackIcon />}
            sx={{ alignSelf: 'start' }}
          >
            {t('kits.detail.backToList')}
          </Button>
        </Stack>
      );
    }
    return <KitForm key={kit.data._id} kit={kit.data} initial={draftOf(kit.data)} />;
  }
  if (customerId && customer.isPending) return <CentredProgress />;
  const preselected =
    customerId && customer.data ? { id: customer.data._id, name: customer.data.name } : undefined;
  return <KitForm key={customerId ?? 'new'} initial={emptyDraft(preselected)} />;
}

function KitForm({ kit, initial }: { kit?: HoseKit; initial: KitDraft }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { editType } = useParams();
  const [draft, setDraft] = useState<KitDraft>(initial);
  const [localTab, setLocalTab] = useState<EditType>('details');
  const tab: EditType = kit
    ? EDIT_TYPES.includes(editType as EditType)
      ? (editType as EditType)
      : 'details'
    : localTab;
  const setTab = (next: EditType) => {
    if (kit) navigate(`/hosekit/${kit._id}/edit/${next}`, { replace: true });
    else setLocalTab(next);
  };
  const save = useSaveKit();
  const set = (patch: Partial<KitDraft>) => setDraft((d) => ({ ...d, ...patch }));

  // The live BOM: the customer and lines only (a half-typed part number must not stop the pricing).
  const pricingBody = useMemo(() => {
    const input = inputOf(draft);
    return { customerId: input.customerId, lines: input.lines };
  }, [draft]);
  const settled = useDebounced(pricingBody, 300);
  const compute = useQuery(kitComputeQuery(settled.lines?.length ? settled : null));
  const pricingError = compute.isError ? compute.error.message : null;

  const onSave = () => {
    save.mutate(
      { id: kit?._id ?? 'new', input: inputOf(draft) },
      {
        onSuccess: (saved) => {
          snackbar.success(
            kit && saved._id !== kit._id
              ? t('kits.editor.savedRevision', { title: saved.title })
              : t('kits.editor.saved', { title: saved.title }),
          );
          navigate(`/hosekit/${saved._id}`);
        },
      },
    );
  };

  const latestRevision = kit?.revisions.find((r) => r.latest);
  const makesRevision = !!kit && !!latestRevision?.released;
  const title = kit ? t('kits.editor.editTitle', { title: kit.title }) : t('kits.editor.newTitle');
  const subtitle = !kit
    ? t('kits.editor.newSubtitle')
    : makesRevision
      ? t('kits.editor.revisionSubtitle', {
          revision: nextRevision(latestRevision?.revision ?? kit.revision),
        })
      : t('kits.editor.inPlaceSubtitle');

  return (
    <Stack spacing={2} sx={{ minWidth: 0, maxWidth: 1100 }}>
      <BackLink href={kit ? `/hosekit/${kit._id}` : '/hosekits'}>
        {kit ? t('kits.editor.backToKit') : t('kits.detail.backToList')}
      </BackLink>
      <PageHeader title={title} subtitle={subtitle} icon={<Inventory2OutlinedIcon />} />
      <Tabs
        value={tab}
        onChange={(_, next: EditType) => setTab(next)}
        aria-label={t('kits.editor.sections')}
        variant="fullWidth"
        sx={{ maxWidth: 480 }}
      >
        <Tab value="details" label={t('kits.editor.tabs.details')} />
        <Tab value="lines" label={t('kits.editor.tabs.lines', { count: draft.lines.length })} />
      </Tabs>
      {tab === 'details' ? (
        <Paper
          variant="outlined"
          sx={{
            p: { xs: 1.5, sm: 2 },
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' },
          }}
        >
          <TextField
            label={t('kits.fields.partNumber')}
            value={draft.partNumber}
            onChange={(e) => set({ partNumber: e.target.value })}
            disabled={!!kit}
            required
            helperText={kit ? t('kits.fields.partNumberFixed') : t('kits.fields.partNumberHelp')}
            autoFocus={!kit}
          />
          {/* The kit's customer (optional): their terms price the kit. */}
          <CustomerPicker
            value={draft.customerId ? { id: draft.customerId, name: draft.customerName } : null}
            onChange={(c) => set({ customerId: c?.id ?? '', customerName: c?.name ?? '' })}
            label={t('kits.fields.customer')}
            helperText={t('kits.fields.customerHelp')}
            noOptionsText={t('kits.editor.noCustomers')}
          />
          <TextField
            label={t('kits.fields.description')}
            value={draft.description}
            onChange={(e) => set({ description: e.target.value })}
          />
          <TextField
            label={t('kits.fields.machine')}
            value={draft.machine}
            onChange={(e) => set({ machine: e.target.value })}
            helperText={t('kits.fields.machineHelp')}
          />
          <TextField
            label={t('kits.fields.notes')}
            value={draft.notes}
            onChange={(e) => set({ notes: e.target.value })}
            multiline
            minRows={3}
            sx={{ gridColumn: { md: '1 / -1' } }}
          />
        </Paper>
      ) : (
        <KitLinesEditor
          lines={draft.lines}
          onChange={(lines) => set({ lines })}
          priced={compute.data?.lines}
          totals={compute.data?.totals}
          currency={compute.data?.currency}
          costCurrency={compute.data?.costCurrency}
          isPricing={compute.isFetching}
          pricingError={pricingError}
        />
      )}
      <SaveError error={save.error} />
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', flexWrap: 'wrap' }}>
        {tab === 'details' ? (
          <Button variant="outlined" onClick={() => setTab('lines')}>
            {t('kits.editor.toLines')}
          </Button>
        ) : null}
        <Button href={kit ? `/hosekit/${kit._id}` : '/hosekits'}>{t('common.cancel')}</Button>
        <Button variant="contained" onClick={onSave} disabled={save.isPending}>
          {save.isPending ? t('kits.editor.saving') : t('common.save')}
        </Button>
      </Box>
    </Stack>
  );
}
