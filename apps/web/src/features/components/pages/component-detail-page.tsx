import { COMPONENT_KINDS, type Component, type ComponentKind } from '@hosewright/domain';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import LightbulbOutlinedIcon from '@mui/icons-material/LightbulbOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import {
  componentQuery,
  nextPartNumberQuery,
  useCreatePendingItem,
  useDeleteComponent,
  useSaveComponent,
} from '@/api/components';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { PageHeader, type PageTool } from '@/components/page-header';
import { BackLink } from '@/components/record-page';
import { isApiError } from '@/lib/api';
import { formatDate } from '@/lib/format';
import { snackbar } from '@/lib/snackbar-store';
import { CompatibleParts } from '../components/compatible-parts';
import { ComponentFields } from '../components/component-fields';
import { ComponentForm } from '../components/component-form';
import { CrimpSpecs } from '../components/crimp-specs';
import { KindIcon } from '../components/kind-icon';
import { MySuggestions } from '../components/my-suggestions';
import { OriginChips } from '../components/origin-chips';
import { emptyFormValues, toFormValues } from '../lib/fields';
import { componentTitle } from '../lib/format';
import { detailRoute, kindFromSlug, listRoute, slugOf } from '../lib/kinds';
import { useIsAdmin } from '../lib/use-is-admin';

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * `/hose/{id}`, `/crimpfitting/{id}`, `/ferrule/{id}`, `/adaptor/{id}`, `/wrap/{id}`, `/otheritem/{id}` and the
 * generic `/item/{id}` (rendered by the kind it loads). `/{slug}/new` is the create form for an admin and the
 * suggestion form for everyone else.
 */
export function ComponentDetailPage() {
  const { pathname } = useLocation();
  const [, slug = '', rawId = ''] = pathname.split('/');
  const id = decode(rawId);
  const routeKind = slug === 'item' ? undefined : kindFromSlug(slug);
  if (id === 'new') {
    return routeKind ? <NewComponent key={routeKind} kind={routeKind} /> : <ChooseKindToCreate />;
  }
  return <ComponentDetail key={`${slug}/${id}`} slug={slug} id={id} />;
}

function ComponentDetail({ slug, id }: { slug: string; id: string }) {
  const { t } = useTranslation();
  const item = useQuery(componentQuery(slug, id));

  if (item.isPending) {
    return (
      <Stack spacing={2} role="status" aria-label={t('common.loading')}>
        <Skeleton width="50%" height={48} />
        <Skeleton variant="rounded" height={240} />
      </Stack>
    );
  }
  if (item.isError) {
    const isMissing = isApiError(item.error) && item.error.status === 404;
    return (
      <Stack spacing={3} sx={{ maxWidth: 640 }}>
        <PageHeader
          title={isMissing ? t('components.detail.notFoundTitle') : t('components.detail.loadFailedTitle')}
          icon={<KindIcon kind={kindFromSlug(slug)} />}
        />
        <Alert
          severity={isMissing ? 'info' : 'error'}
          action={
            isMissing ? undefined : (
              <Button color="inherit" onClick={() => item.refetch()}>
                {t('common.retry')}
              </Button>
            )
          }
        >
          {isMissing
            ? t('components.detail.notFound')
            : `${t('components.detail.loadFailed')} ${item.error.message}`}
        </Alert>
      </Stack>
    );
  }
  return <ComponentView component={item.data} />;
}

function ComponentView({ component }: { component: Component }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const isAdmin = useIsAdmin();
  const detailsId = useId();
  const [isEditing, setEditing] = useState(false);
  const [isConfirmingDelete, setConfirmingDelete] = useState(false);
  const save = useSaveComponent();
  const remove = useDeleteComponent();
  const { kind } = component;
  const isCustom = component.origin === 'custom';
  const canDelete = isCustom || component.sample;
  const kindLabel = t(`components.kinds.${kind}.label`);

  const tools: PageTool[] = [
    {
      commandId: 'edit',
      title: t('components.detail.edit'),
      icon: <EditOutlinedIcon fontSize="small" />,
      roles: ['admin'],
      hidden: !isCustom || isEditing,
    },
    {
      commandId: 'delete',
      title: t('components.detail.delete'),
      icon: <DeleteOutlineIcon fontSize="small" />,
      roles: ['admin'],
      hidden: !canDelete,
    },
    {
      commandId: 'new',
      title: t(`components.kinds.${kind}.new`),
      icon: <AddIcon fontSize="small" />,
      roles: ['admin'],
    },
    {
      commandId: 'suggest',
      title: t('components.suggest.tool'),
      icon: <LightbulbOutlinedIcon fontSize="small" />,
      roles: ['regular'],
      // An admin adds the item directly instead of suggesting it to themselves.
      hidden: isAdmin,
    },
  ];

  const onCommand = (_index: number, tool: PageTool) => {
    if (tool.commandId === 'edit') setEditing(true);
    else if (tool.commandId === 'delete') setConfirmingDelete(true);
    else void navigate(`/${slugOf(kind)}/new`);
  };

  const confirmDelete = async () => {
    try {
      await remove.mutateAsync({ kind, id: component._id });
      setConfirmingDelete(false);
      snackbar.success(t('components.detail.deleted', { partNumber: component.partNumber }));
      void navigate(listRoute(kind), { replace: true });
    } catch (error) {
      setConfirmingDelete(false);
      snackbar.warning(error instanceof Error ? error.message : undefined);
    }
  };

  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      {isAdmin ? <BackLink href={listRoute(kind)}>{t(`components.kinds.${kind}.plural`)}</BackLink> : null}
      <PageHeader
        title={componentTitle(component)}
        subtitle={kindLabel}
        icon={<KindIcon kind={kind} />}
        tools={tools}
        onCommand={onCommand}
      />
      <OriginChips component={component} isDetailed />
      {isEditing ? (
        <ComponentForm
          kind={kind}
          mode="edit"
          initialValues={toFormValues(kind, component)}
          onCancel={() => setEditing(false)}
          onSubmit={async (input) => {
            const saved = await save.mutateAsync({ kind, id: component._id, input });
            setEditing(false);
            snackbar.success(t('components.detail.saved', { partNumber: saved.partNumber }));
          }}
        />
      ) : (
        <>
          {component.origin === 'catalogue' && isAdmin ? (
            <Typography variant="body2" color="text.secondary">
              {t('components.detail.catalogueReadOnly')}
            </Typography>
          ) : null}
          <Paper
            variant="outlined"
            component="section"
            aria-labelledby={detailsId}
            sx={{ p: { xs: 2, sm: 3 } }}
          >
            <Typography id={detailsId} variant="h6" component="h2" sx={{ mb: 1 }}>
              {t('components.detail.details')}
            </Typography>
            <ComponentFields kind={kind} record={component as unknown as Record<string, unknown>} />
            <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
              {t('components.detail.updatedOn', { date: formatDate(component.updatedAt) })}
            </Typography>
          </Paper>
          {kind === 'hose' ? (
            <>
              <CompatibleParts hoseId={component._id} />
              <CrimpSpecs hoseId={component._id} />
            </>
          ) : null}
        </>
      )}
      <ConfirmDialog
        open={isConfirmingDelete}
        title={t('components.detail.deleteTitle', { partNumber: component.partNumber })}
        confirmLabel={t('components.detail.delete')}
        tone="error"
        isBusy={remove.isPending}
        onCancel={() => setConfirmingDelete(false)}
        onConfirm={() => void confirmDelete()}
      >
        {t('components.detail.deleteText', { kind: kindLabel.toLowerCase() })}
      </ConfirmDialog>
    </Stack>
  );
}

function NewComponent({ kind }: { kind: ComponentKind }) {
  const isAdmin = useIsAdmin();
  return isAdmin ? <CreateComponent kind={kind} /> : <SuggestComponent kind={kind} />;
}

function CreateComponent({ kind }: { kind: ComponentKind }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const next = useQuery(nextPartNumberQuery());
  const save = useSaveComponent();

  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      <BackLink href={listRoute(kind)}>{t(`components.kinds.${kind}.plural`)}</BackLink>
      <PageHeader
        title={t(`components.kinds.${kind}.new`)}
        subtitle={t('components.detail.newSubtitle')}
        icon={<KindIcon kind={kind} />}
      />
      {next.isPending ? (
        <Stack spacing={1} role="status" aria-label={t('common.loading')}>
          <Skeleton variant="rounded" height={240} />
        </Stack>
      ) : (
        <ComponentForm
          kind={kind}
          mode="create"
          initialValues={emptyFormValues(kind, next.data?.partNumber ?? '')}
          onCancel={() => void navigate(listRoute(kind))}
          onSubmit={async (input) => {
            const saved = await save.mutateAsync({ kind, id: 'new', input });
            snackbar.success(t('components.detail.created', { partNumber: saved.partNumber }));
            void navigate(detailRoute(saved.kind ?? kind, saved._id), { replace: true });
          }}
        />
      )}
    </Stack>
  );
}

function SuggestComponent({ kind }: { kind: ComponentKind }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreatePendingItem();
  const [formKey, setFormKey] = useState(0);

  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      <PageHeader title={t(`components.kinds.${kind}.suggest`)} icon={<KindIcon kind={kind} />} />
      <Alert severity="info">{t('components.suggest.explain')}</Alert>
      <ComponentForm
        key={formKey}
        kind={kind}
        mode="suggest"
        initialValues={emptyFormValues(kind)}
        onCancel={() => void navigate(-1)}
        onSubmit={async (input) => {
          await create.mutateAsync(input);
          snackbar.success(t('components.suggest.sent'));
          setFormKey((k) => k + 1);
        }}
      />
      <MySuggestions />
    </Stack>
  );
}

function ChooseKindToCreate() {
  const { t } = useTranslation();
  const isAdmin = useIsAdmin();
  return (
    <Stack spacing={2} sx={{ maxWidth: 640 }}>
      <PageHeader title={t(isAdmin ? 'components.detail.chooseKind' : 'components.suggest.chooseKind')} />
      <Stack spacing={1}>
        {COMPONENT_KINDS.map((kind) => (
          <Button
            key={kind}
            variant="outlined"
            href={`/${slugOf(kind)}/new`}
            startIcon={<KindIcon kind={kind} />}
            sx={{ justifyContent: 'flex-start' }}
          >
            {t(isAdmin ? `components.kinds.${kind}.new` : `components.kinds.${kind}.suggest`)}
          </Button>
        ))}
      </Stack>
    </Stack>
  );
}
