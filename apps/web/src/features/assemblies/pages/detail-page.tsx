import { drawingModelOf, type HoseAssembly, isPremiumTier, serialPath } from '@hosewright/domain';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import AssignmentOutlinedIcon from '@mui/icons-material/AssignmentOutlined';
import BuildIcon from '@mui/icons-material/Build';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import LocalOfferIcon from '@mui/icons-material/LocalOffer';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import {
  assemblyQuery,
  downloadAssemblyDocument,
  useBuildSerials,
  useDeleteAssembly,
  useDuplicateAssembly,
} from '@/api/assemblies';
import { CentredProgress } from '@/components/centred-progress';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ScrollRegion } from '@/components/layout/scroll-region';
import { PageHeader, type PageTool } from '@/components/page-header';
import { BackLink } from '@/components/record-page';
import { Section } from '@/components/section';
import { isApiError } from '@/lib/api';
import { saveDownload } from '@/lib/download';
import { formatMoney, formatShortDate } from '@/lib/format';
import { snackbar } from '@/lib/snackbar-store';
import { useUnits } from '@/lib/use-units';
import { useViewer } from '@/lib/use-viewer';
import { AssemblyDrawing } from '../components/assembly-drawing';
import { FactList, PartsList } from '../components/assembly-figures';
import { SkiveNotice } from '../components/skive-notice';

const TOOLS: readonly PageTool[] = [
  { commandId: 'edit', title: 'edit', roles: ['regular', 'admin'] },
  { commandId: 'duplicate', title: 'duplicate', roles: ['regular', 'admin'] },
  { commandId: 'printTag', title: 'printTag', roles: ['regular', 'admin'] },
  { commandId: 'specSheet', title: 'specSheet', roles: ['regular', 'admin'] },
  { commandId: 'delete', title: 'delete', roles: ['admin'] },
];
const ICONS: Record<string, ReactNode> = {
  edit: <EditIcon fontSize="small" />,
  duplicate: <ContentCopyIcon fontSize="small" />,
  printTag: <LocalOfferIcon fontSize="small" />,
  specSheet: <PictureAsPdfIcon fontSize="small" />,
  delete: <DeleteIcon fontSize="small" />,
};

/** `/hoseassembly/{id}`: one revision with its figures, parts, drawing, history and built units. */
export function DetailPage() {
  const { hoseAssemblyId = '' } = useParams();
  const { t } = useTranslation();
  const assembly = useQuery(assemblyQuery(hoseAssemblyId));
  if (assembly.isPending) return <CentredProgress />;
  if (assembly.isError || !assembly.data) {
    const isMissing = isApiError(assembly.error) && assembly.error.status === 404;
    return (
      <Stack spacing={2} sx={{ maxWidth: 640 }}>
        <PageHeader title={t('assemblies.detail.notFound')} icon={<BuildIcon />} />
        <Typography>{isMissing ? t('assemblies.detail.notFoundHelp') : assembly.error?.message}</Typography>
        <Button
          href="/hoseassemblies"
          variant="outlined"
          startIcon={<ArrowBackIcon />}
          sx={{ alignSelf: 'start' }}
        >
          {t('assemblies.detail.backToList')}
        </Button>
      </Stack>
    );
  }
  return <Detail key={assembly.data._id} assembly={assembly.data} />;
}

function Detail({ assembly }: { assembly: HoseAssembly }) {
  const { t } = useTranslation();
  const units = useUnits();
  const navigate = useNavigate();
  const { access } = useViewer();
  const duplicate = useDuplicateAssembly();
  const remove = useDeleteAssembly();
  const [isDeleteOpen, setDeleteOpen] = useState(false);
  const [isDownloading, setDownloading] = useState(false);
  const c = assembly.computed;
  const latest = assembly.revisions.find((r) => r.latest);
  const newestSerial = assembly.serials[0]?.serialId;

  const download = async (kind: 'tag' | 'specsheet', serialId?: string) => {
    if (kind === 'tag' && !serialId) {
      snackbar.note(t('assemblies.detail.needsSerial'));
      return;
    }
    setDownloading(true);
    try {
      const name = kind === 'tag' ? `tag-${serialId}.pdf` : `specsheet-${assembly.title}.pdf`;
      saveDownload(await downloadAssemblyDocument(assembly._id, kind, serialId), name);
    } catch (error) {
      snackbar.warning(t('assemblies.detail.downloadFailed', { message: (error as Error).message }));
    } finally {
      setDownloading(false);
    }
  };

  const onCommand = (_: number, tool: PageTool) => {
    switch (tool.commandId) {
      case 'edit':
        navigate(`/hoseassembly/${assembly._id}/edit`);
        break;
      case 'duplicate':
        duplicate.mutate(assembly._id, {
          onSuccess: (copy) => {
            snackbar.success(t('assemblies.detail.duplicated', { title: copy.title }));
            navigate(`/hoseassembly/${copy._id}`);
          },
          onError: (error) =>
            snackbar.warning(t('assemblies.detail.actionFailed', { message: error.message })),
        });
        break;
      case 'printTag':
        void download('tag', newestSerial);
        break;
      case 'specSheet':
        void download('specsheet');
        break;
      case 'delete':
        setDeleteOpen(true);
        break;
    }
  };

  const tools = TOOLS.map((tool) => ({
    ...tool,
    icon: ICONS[tool.commandId],
    title: t(`assemblies.detail.tools.${tool.commandId as 'edit'}`),
  }));

  const drawing = drawingModelOf({
    title: assembly.title,
    parts: assembly.parts,
    overallLengthMm: assembly.spec.overallLengthMm,
    cutLengthMm: c.cutLengthMm,
    measuredBy: t(`assemblies.measuredTo.${assembly.spec.lengthMeasuredTo}`).toLowerCase(),
    orientationDeg: assembly.spec.orientationDeg ?? null,
    orientationConvention: assembly.spec.orientationConvention ?? null,
    units: units.system,
  });

  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      <BackLink href="/hoseassemblies">{t('assemblies.detail.backToList')}</BackLink>
      <PageHeader
        title={assembly.title}
        icon={<BuildIcon />}
        subtitle={assembly.description || assembly.parts.hose.partNumber}
        actions={
          // Work orders come with the professional and enterprise plans.
          isPremiumTier(access?.subscription?.tier) ? (
            <Button
              variant="outlined"
              startIcon={<AssignmentOutlinedIcon />}
              href={`/workorders/new?hoseAssemblyId=${encodeURIComponent(assembly._id)}`}
            >
              {t('workOrders.workOrder')}
            </Button>
          ) : undefined
        }
        tools={tools}
        isToolsLoading={isDownloading || duplicate.isPending}
        onCommand={onCommand}
      />
      {!assembly.latest && latest ? (
        <Alert
          severity="info"
          action={
            <Button color="inherit" size="small" href={`/hoseassembly/${latest._id}`}>
              {t('assemblies.detail.openLatest')}
            </Button>
          }
        >
          {t('assemblies.detail.olderRevision', { revision: assembly.revision, latest: latest.title })}
        </Alert>
      ) : null}
      {assembly.parts.hose.skive ? <SkiveNotice partNumber={assembly.parts.hose.partNumber} /> : null}
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) minmax(0, 1fr)' },
          alignItems: 'start',
        }}
      >
        <Stack spacing={2} sx={{ minWidth: 0 }}>
          <AssemblyDrawing model={drawing} label={t('assemblies.drawing.label')} />
          <Section title={t('assemblies.detail.figures')}>
            <FactList
              facts={[
                { label: t('assemblies.figures.cutLength'), value: units.length(c.cutLengthMm) },
                { label: t('assemblies.figures.overallLength'), value: units.length(c.overallLengthMm) },
                {
                  label: t('assemblies.figures.measuredTo'),
                  value: t(`assemblies.measuredTo.${assembly.spec.lengthMeasuredTo}`),
                },
                {
                  label: t('assemblies.figures.maxPressure'),
                  value: `${units.pressure(c.maxWorkingPressurePsi)} (${t('assemblies.figures.limitedBy', {
                    partNumber: c.pressureLimitedBy.partNumber,
                  })})`,
                },
                ...(assembly.spec.orientationDeg !== undefined && c.orientationToleranceDeg !== null
                  ? [
                      {
                        label: t('assemblies.figures.orientation'),
                        value: `${assembly.spec.orientationDeg}° ± ${c.orientationToleranceDeg}° · ${t(
                          `assemblies.convention.${assembly.spec.orientationConvention ?? 'clockwise'}`,
                        )}`,
                      },
                    ]
                  : []),
                ...(c.wrapLengthMm !== null
                  ? [{ label: t('assemblies.figures.wrapLength'), value: units.length(c.wrapLengthMm) }]
                  : []),
                { label: t('assemblies.figures.customer'), value: assembly.customerName ?? '' },
                { label: t('assemblies.figures.quantity'), value: String(assembly.spec.quantity) },
                {
                  label: t('assemblies.figures.unitCost'),
                  value: formatMoney(c.costs.unitCost, c.costs.costCurrency),
                },
                {
                  label: t('assemblies.figures.unitPrice'),
                  value: formatMoney(c.costs.unitPrice, c.costs.currency),
                },
                { label: t('assemblies.figures.createdAt'), value: formatShortDate(assembly.createdAt) },
              ]}
            />
            {c.warnings.length ? (
              <Alert severity="warning" sx={{ mt: 2, '& ul': { m: 0, pl: 2 } }}>
                <ul>
                  {c.warnings.map((w) => (
                    <li key={w.message}>{w.message}</li>
                  ))}
                </ul>
              </Alert>
            ) : null}
            {assembly.notes ? (
              <Typography sx={{ mt: 2, whiteSpace: 'pre-wrap' }} color="text.secondary">
                {assembly.notes}
              </Typography>
            ) : null}
          </Section>
          <ConfirmationsSection assembly={assembly} />
        </Stack>
        <Stack spacing={2} sx={{ minWidth: 0 }}>
          <SerialsSection assembly={assembly} onPrintTag={(serial) => void download('tag', serial)} />
          <Section title={t('assemblies.detail.bom')}>
            <PartsList parts={assembly.parts} />
            <ScrollRegion aria-label={t('assemblies.detail.bom')} sx={{ mt: 2 }}>
              <Table size="small" aria-label={t('assemblies.detail.bom')}>
                <TableHead>
                  <TableRow>
                    <TableCell>{t('assemblies.detail.bomPart')}</TableCell>
                    <TableCell align="right">{t('assemblies.detail.bomQuantity')}</TableCell>
                    <TableCell align="right">{t('assemblies.detail.bomCost')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {c.costs.lines.map((line) => (
                    <TableRow key={`${line.role}-${line.partNumber}`}>
                      <TableCell>
                        <Typography variant="body2" sx={{ fontWeight: 600 }}>
                          {line.partNumber}
                        </Typography>
                        <Typography variant="caption" color="text.secondary">
                          {t(`assemblies.detail.role.${line.role}`)}
                        </Typography>
                      </TableCell>
                      <TableCell align="right">
                        {line.unit === 'mm' ? units.length(line.quantity) : line.quantity}
                      </TableCell>
                      <TableCell align="right">{formatMoney(line.cost, c.costs.costCurrency)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </ScrollRegion>
          </Section>
          <Section title={t('assemblies.detail.revisions')}>
            <Stack component="ul" spacing={0.5} sx={{ m: 0, pl: 2 }}>
              {assembly.revisions.map((r) => (
                <li key={r._id}>
                  {r._id === assembly._id ? (
                    <Typography component="span" sx={{ fontWeight: 600 }}>
                      {r.title}
                    </Typography>
                  ) : (
                    <Link href={`/hoseassembly/${r._id}`}>{r.title}</Link>
                  )}{' '}
                  <Typography component="span" variant="body2" color="text.secondary">
                    {formatShortDate(r.createdAt)}
                    {r.createdByName ? ` · ${r.createdByName}` : ''}
                  </Typography>{' '}
                  {r.latest ? <Chip size="small" label={t('assemblies.detail.latest')} /> : null}
                </li>
              ))}
            </Stack>
          </Section>
        </Stack>
      </Box>
      <ConfirmDialog
        open={isDeleteOpen}
        title={t('assemblies.detail.deleteTitle', { title: assembly.partNumber })}
        confirmLabel={t('assemblies.detail.deleteConfirm')}
        tone="error"
        isBusy={remove.isPending}
        onCancel={() => setDeleteOpen(false)}
        onConfirm={() =>
          remove.mutate(assembly._id, {
            onSuccess: () => {
              setDeleteOpen(false);
              snackbar.success(t('assemblies.detail.deleted', { title: assembly.partNumber }));
              navigate('/hoseassemblies');
            },
            onError: (error) => {
              setDeleteOpen(false);
              snackbar.warning(t('assemblies.detail.actionFailed', { message: error.message }));
            },
          })
        }
      >
        {t('assemblies.detail.deleteText')}
      </ConfirmDialog>
    </Stack>
  );
}

/** The safety findings this revision was saved with, each with the reason it was confirmed for (ADR 22). */
function ConfirmationsSection({ assembly }: { assembly: HoseAssembly }) {
  const { t } = useTranslation();
  const confirmed = (assembly.computed.findings ?? []).filter((f) => f.reason !== null);
  if (!confirmed.length) return null;
  return (
    <Section title={t('assemblies.detail.confirmations')}>
      <Stack component="ul" spacing={1.5} sx={{ m: 0, p: 0, listStyle: 'none' }}>
        {confirmed.map((f) => (
          <li key={f.code}>
            <Typography sx={{ fontWeight: 600 }}>{f.message}</Typography>
            <Typography>{t('assemblies.detail.confirmationReason', { reason: f.reason })}</Typography>
          </li>
        ))}
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
        {assembly.createdByName
          ? t('assemblies.detail.confirmedBy', {
              name: assembly.createdByName,
              revision: assembly.revision,
              date: formatShortDate(assembly.createdAt),
            })
          : t('assemblies.detail.confirmedAt', {
              revision: assembly.revision,
              date: formatShortDate(assembly.createdAt),
            })}
      </Typography>
    </Section>
  );
}

function SerialsSection({
  assembly,
  onPrintTag,
}: {
  assembly: HoseAssembly;
  onPrintTag: (serial: string) => void;
}) {
  const { t } = useTranslation();
  const build = useBuildSerials();
  const [count, setCount] = useState('1');
  // A reorder by tag: the new unit is linked to the one it replaces (`replacesSerialId`).
  const [replaces, setReplaces] = useState('');
  const quantity = Number.parseInt(count, 10);
  const isValid = Number.isInteger(quantity) && quantity >= 1 && quantity <= 500;
  return (
    <Section title={t('assemblies.detail.serials')}>
      <Stack
        direction="row"
        spacing={1}
        component="form"
        onSubmit={(event) => {
          event.preventDefault();
          if (!isValid) return;
          build.mutate(
            { id: assembly._id, quantity, replaces: replaces.trim() },
            {
              onSuccess: (serials) => {
                setReplaces('');
                snackbar.success(
                  t('assemblies.detail.built', {
                    count: serials.length || quantity,
                    serials: serials.map((s) => s.serialId).join(', '),
                  }),
                );
              },
            },
          );
        }}
        useFlexGap
        sx={{ alignItems: 'flex-start', mb: 2, flexWrap: 'wrap' }}
      >
        <TextField
          size="small"
          label={t('assemblies.detail.buildCount')}
          value={count}
          onChange={(e) => setCount(e.target.value)}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          error={!isValid}
          helperText={t('assemblies.detail.buildHelp')}
          sx={{ width: 150 }}
        />
        <TextField
          size="small"
          label={t('assemblies.detail.replaces')}
          value={replaces}
          onChange={(e) => setReplaces(e.target.value)}
          helperText={t('assemblies.detail.replacesHelp')}
          sx={{ width: 190 }}
        />
        <Button
          type="submit"
          variant="contained"
          disabled={!isValid || build.isPending}
          startIcon={build.isPending ? <CircularProgress size={16} aria-hidden /> : <BuildIcon />}
        >
          {t('assemblies.detail.build')}
        </Button>
      </Stack>
      {build.error ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {build.error.message || t('assemblies.detail.buildFailed')}
        </Alert>
      ) : null}
      {assembly.serials.length === 0 ? (
        <Typography color="text.secondary">{t('assemblies.detail.noSerials')}</Typography>
      ) : (
        <Stack
          component="ul"
          spacing={1}
          sx={{ m: 0, p: 0, listStyle: 'none' }}
          aria-label={t('assemblies.detail.serials')}
        >
          {assembly.serials.map((s) => (
            <Box
              component="li"
              key={s.serialId}
              sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}
            >
              <Link href={serialPath(s.serialId)} sx={{ fontFamily: 'monospace', fontSize: '1rem' }}>
                {s.serialId}
              </Link>
              <Typography variant="body2" color="text.secondary" sx={{ flex: 1 }}>
                {s.revision} · {formatShortDate(s.builtAt)}
                {s.builtByName ? ` · ${s.builtByName}` : ''}
                {s.replacesSerialId
                  ? ` · ${t('assemblies.detail.replacesSerial', { serial: s.replacesSerialId })}`
                  : ''}
              </Typography>
              <Button
                size="small"
                startIcon={<LocalOfferIcon />}
                onClick={() => onPrintTag(s.serialId)}
                aria-label={t('assemblies.detail.tagFor', { serial: s.serialId })}
              >
                {t('assemblies.detail.printTag')}
              </Button>
            </Box>
          ))}
        </Stack>
      )}
    </Section>
  );
}
