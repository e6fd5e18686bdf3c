/**
 * `/hosekit/{id}` and `/hosekit/{id}/{initialTab}`: one revision of a kit with tabs addressable by URL
 * (overview, bom, revisions, documents) and the tools Edit, Release, Kit PDF and Delete (admins).
 */
import { type HoseKit, isPremiumTier } from '@hosewright/domain';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import AssignmentOutlinedIcon from '@mui/icons-material/AssignmentOutlined';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import Inventory2OutlinedIcon from '@mui/icons-material/Inventory2Outlined';
import NewReleasesIcon from '@mui/icons-material/NewReleases';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { downloadKitPdf, kitQuery, useDeleteKit, useReleaseKit } from '@/api/kits';
import { CentredProgress } from '@/components/centred-progress';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ImageUploadButton, ObjectImage } from '@/components/images/object-image';
import { PageHeader, type PageTool } from '@/components/page-header';
import { BackLink } from '@/components/record-page';
import { isApiError } from '@/lib/api';
import { saveDownload } from '@/lib/download';
import { formatShortDate } from '@/lib/format';
import { snackbar } from '@/lib/snackbar-store';
import { useViewer } from '@/lib/use-viewer';
import { KitBom, TotalsSummary } from '../components/kit-bom';

export const KIT_TABS = ['overview', 'bom', 'revisions', 'documents'] as const;
export type KitTab = (typeof KIT_TABS)[number];

const ICONS: Record<string, ReactNode> = {
  edit: <EditIcon fontSize="small" />,
  release: <NewReleasesIcon fontSize="small" />,
  kitPdf: <PictureAsPdfIcon fontSize="small" />,
  delete: <DeleteIcon fontSize="small" />,
};

export function DetailPage() {
  const { hoseKitId = '' } = useParams();
  const { t } = useTranslation();
  const kit = useQuery(kitQuery(hoseKitId));
  if (kit.isPending) return <CentredProgress />;
  if (kit.isError || !kit.data) {
    const isMissing = isApiError(kit.error) && kit.error.status === 404;
    return (
      <Stack spacing={2} sx={{ maxWidth: 640 }}>
        <PageHeader title={t('kits.detail.notFound')} icon={<Inventory2OutlinedIcon />} />
        <Typography>{isMissing ? t('kits.detail.notFoundHelp') : kit.error?.message}</Typography>
        <Button href="/hosekits" variant="outlined" startIcon={<ArrowBackIcon />} sx={{ alignSelf: 'start' }}>
          {t('kits.detail.backToList')}
        </Button>
      </Stack>
    );
  }
  return <Detail key={kit.data._id} kit={kit.data} />;
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: '160px 1fr' },
        gap: { xs: 0, sm: 2 },
        py: 0.75,
      }}
    >
      <Typography component="dt" color="text.secondary" variant="body2">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

function Detail({ kit }: { kit: HoseKit }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { access } = useViewer();
  const { initialTab } = useParams();
  const tab: KitTab = KIT_TABS.includes(initialTab as KitTab) ? (initialTab as KitTab) : 'overview';
  const release = useReleaseKit();
  const remove = useDeleteKit();
  const [confirm, setConfirm] = useState<'release' | 'delete' | null>(null);
  const [isDownloading, setDownloading] = useState(false);
  const latest = kit.revisions.find((r) => r.latest);
  // One picture for the kit, whatever the revision: it is kept under the first revision's id.
  const first = kit.revisions[kit.revisions.length - 1];
  const pictureId = first?._id ?? kit._id;

  const downloadPdf = async () => {
    setDownloading(true);
    try {
      saveDownload(await downloadKitPdf(kit._id), `kit-${kit.title}.pdf`);
    } catch (error) {
      snackbar.warning(t('kits.detail.downloadFailed', { message: (error as Error).message }));
    } finally {
      setDownloading(false);
    }
  };

  const tools: PageTool[] = (
    [
      { commandId: 'edit', title: t('kits.detail.tools.edit'), roles: ['regular', 'admin'] },
      {
        commandId: 'release',
        title: t('kits.detail.tools.release'),
        roles: ['regular', 'admin'],
        hidden: kit.released || !kit.latest,
      },
      { commandId: 'kitPdf', title: t('kits.detail.tools.kitPdf'), roles: ['regular', 'admin'] },
      { commandId: 'delete', title: t('kits.detail.tools.delete'), roles: ['admin'] },
    ] satisfies PageTool[]
  ).map((tool) => ({ ...tool, icon: ICONS[tool.commandId] }));

  const onCommand = (_: number, tool: PageTool) => {
    if (tool.commandId === 'edit') navigate(`/hosekit/${latest?._id ?? kit._id}/edit`);
    if (tool.commandId === 'release') setConfirm('release');
    if (tool.commandId === 'kitPdf') void downloadPdf();
    if (tool.commandId === 'delete') setConfirm('delete');
  };

  const onConfirm = () => {
    if (confirm === 'release') {
      release.mutate(kit._id, {
        onSuccess: (saved) => {
          setConfirm(null);
          snackbar.success(t('kits.detail.released', { title: saved.title }));
        },
        onError: (error) => {
          setConfirm(null);
          snackbar.warning(error.message);
        },
      });
    } else if (confirm === 'delete') {
      remove.mutate(kit._id, {
        onSuccess: () => {
          setConfirm(null);
          snackbar.success(t('kits.detail.deleted', { partNumber: kit.partNumber }));
          navigate('/hosekits');
        },
        onError: (error) => {
          setConfirm(null);
          snackbar.warning(error.message);
        },
      });
    }
  };

  const status = kit.released ? t('kits.status.released') : t('kits.status.draft');

  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      <BackLink href="/hosekits">{t('kits.detail.backToList')}</BackLink>
      <PageHeader
        title={kit.title}
        icon={<Inventory2OutlinedIcon />}
        subtitle={kit.description || undefined}
        tools={tools}
        isToolsLoading={isDownloading || release.isPending}
        onCommand={onCommand}
        actions={
          <>
            <Chip label={status} color={kit.released ? 'success' : 'default'} variant="outlined" />
            {/* Work orders come with the professional and enterprise plans. */}
            {isPremiumTier(access?.subscription?.tier) ? (
              <Button
                variant="outlined"
                startIcon={<AssignmentOutlinedIcon />}
                href={`/workorders/new?hoseKitId=${encodeURIComponent(kit._id)}`}
              >
                {t('workOrders.workOrder')}
              </Button>
            ) : null}
          </>
        }
      />
      {!kit.latest && latest ? (
        <Alert
          severity="info"
          action={
            <Button color="inherit" size="small" href={`/hosekit/${latest._id}`}>
              {t('kits.detail.openLatest')}
            </Button>
          }
        >
          {t('kits.detail.olderRevision', { revision: kit.revision, latest: latest.title })}
        </Alert>
      ) : null}
      <Tabs
        value={tab}
        onChange={(_, next: KitTab) => navigate(`/hosekit/${kit._id}/${next}`, { replace: true })}
        aria-label={t('kits.detail.sections')}
        variant="scrollable"
        allowScrollButtonsMobile
      >
        {KIT_TABS.map((key) => (
          <Tab key={key} value={key} label={t(`kits.detail.tabs.${key}`)} />
        ))}
      </Tabs>
      {tab === 'overview' ? (
        <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }}>
          <Box component="dl" sx={{ m: 0 }}>
            <Fact label={t('kits.fields.customer')}>
              {kit.customerId && kit.customerName ? (
                <Link href={`/customer/${kit.customerId}`}>{kit.customerName}</Link>
              ) : (
                t('kits.detail.noCustomer')
              )}
            </Fact>
            <Fact label={t('kits.fields.machine')}>{kit.machine || '—'}</Fact>
            <Fact label={t('kits.fields.revision')}>{`${kit.revision} · ${status}`}</Fact>
            <Fact label={t('kits.fields.lines')}>{kit.lines.length}</Fact>
            <Fact label={t('kits.fields.updatedAt')}>{formatShortDate(kit.updatedAt)}</Fact>
            {kit.notes ? <Fact label={t('kits.fields.notes')}>{kit.notes}</Fact> : null}
          </Box>
          <Box sx={{ mt: 2 }}>
            <TotalsSummary totals={kit.totals} currency={kit.currency} costCurrency={kit.costCurrency} />
          </Box>
          <Box sx={{ mt: 2, display: 'grid', gap: 1, justifyItems: 'start' }}>
            <ObjectImage
              objectId={pictureId}
              hasPicture={first?.hasPicture ?? false}
              alt={t('kits.detail.picture', { title: kit.title })}
              height={160}
            />
            <ImageUploadButton objectId={pictureId} label={t('kits.detail.uploadPicture')} />
          </Box>
        </Paper>
      ) : null}
      {tab === 'bom' ? (
        <KitBom
          lines={kit.lines}
          totals={kit.totals}
          currency={kit.currency}
          costCurrency={kit.costCurrency}
        />
      ) : null}
      {tab === 'revisions' ? (
        <Paper variant="outlined">
          <List aria-label={t('kits.detail.tabs.revisions')}>
            {kit.revisions.map((r) => (
              <ListItemButton key={r._id} href={`/hosekit/${r._id}`} selected={r._id === kit._id}>
                <ListItemText
                  primary={r.title}
                  secondary={[
                    r.released ? t('kits.status.released') : t('kits.status.draft'),
                    r.latest ? t('kits.detail.latest') : null,
                    formatShortDate(r.createdAt),
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                />
              </ListItemButton>
            ))}
          </List>
        </Paper>
      ) : null}
      {tab === 'documents' ? (
        <Paper
          variant="outlined"
          sx={{ p: { xs: 1.5, sm: 2 }, display: 'grid', gap: 1.5, justifyItems: 'start' }}
        >
          <Typography>{t('kits.detail.pdfHelp')}</Typography>
          <Button
            variant="contained"
            startIcon={<PictureAsPdfIcon />}
            onClick={() => void downloadPdf()}
            disabled={isDownloading}
          >
            {t('kits.detail.downloadPdf')}
          </Button>
        </Paper>
      ) : null}
      <ConfirmDialog
        open={confirm !== null}
        title={
          confirm === 'delete'
            ? t('kits.detail.deleteTitle', { partNumber: kit.partNumber })
            : t('kits.detail.releaseTitle', { title: kit.title })
        }
        confirmLabel={confirm === 'delete' ? t('kits.detail.tools.delete') : t('kits.detail.tools.release')}
        tone={confirm === 'delete' ? 'error' : 'primary'}
        isBusy={release.isPending || remove.isPending}
        onConfirm={onConfirm}
        onCancel={() => setConfirm(null)}
      >
        {confirm === 'delete' ? t('kits.detail.deleteText') : t('kits.detail.releaseText')}
      </ConfirmDialog>
    </Stack>
  );
}
