import {
  formatStockQuantity,
  serialPath,
  type UnitSystem,
  type WorkOrder,
  type WorkOrderMaterial,
} from '@hosewright/domain';
import AssignmentOutlinedIcon from '@mui/icons-material/AssignmentOutlined';
import BlockIcon from '@mui/icons-material/Block';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import EditIcon from '@mui/icons-material/Edit';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
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
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import {
  downloadWorkOrderDocument,
  useCancelWorkOrder,
  useCompleteWorkOrder,
  useDeleteWorkOrder,
  useReleaseWorkOrder,
  type WorkOrderDocument,
  workOrderQuery,
} from '@/api/workorders';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ScrollRegion } from '@/components/layout/scroll-region';
import { PageHeader, type PageTool } from '@/components/page-header';
import { BackLink, RecordLoad } from '@/components/record-page';
import { Section } from '@/components/section';
import { isApiError } from '@/lib/api';
import { saveDownload } from '@/lib/download';
import { formatShortDate } from '@/lib/format';
import { snackbar } from '@/lib/snackbar-store';
import { useUnits } from '@/lib/use-units';
import { BuildPanel } from '../components/build-panel';
import { CancelDialog } from '../components/cancel-dialog';
import { DueDate, PriorityChip, StatusChip, UnitsProgress } from '../components/work-order-chips';
import { documentFileName, isOnTheFloor } from '../lib/work-order';

/** `/workorder/{workOrderId}` (members of a professional or enterprise organisation). */
export function WorkOrderDetailPage() {
  const { t } = useTranslation();
  const { workOrderId = '' } = useParams();
  const workOrder = useQuery(workOrderQuery(workOrderId));

  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      <BackLink href="/workorders">{t('workOrders.backToList')}</BackLink>
      <RecordLoad
        query={workOrder}
        notFound={t('workOrders.notFound')}
        loadFailed={t('workOrders.loadFailed')}
      >
        {(loaded) => <WorkOrderDetail key={loaded._id} workOrder={loaded} />}
      </RecordLoad>
    </Stack>
  );
}

type Confirming = 'release' | 'complete' | 'cancel' | 'delete' | null;

/** The documents a work order offers in its status: the traveller always, then by what has happened. */
function documentsOf(workOrder: WorkOrder): WorkOrderDocument[] {
  return [
    'traveller',
    ...(isOnTheFloor(workOrder.status) ? (['picklist'] as const) : []),
    ...(workOrder.status === 'completed' ? (['certificates', 'tags'] as const) : []),
  ];
}

function WorkOrderDetail({ workOrder }: { workOrder: WorkOrder }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const units = useUnits();
  const release = useReleaseWorkOrder();
  const complete = useCompleteWorkOrder();
  const cancel = useCancelWorkOrder();
  const remove = useDeleteWorkOrder();
  const [confirming, setConfirming] = useState<Confirming>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [downloading, setDownloading] = useState<WorkOrderDocument | null>(null);
  const id = encodeURIComponent(workOrder._id);
  const { status } = workOrder;
  const isReady = workOrder.unitCount > 0 && workOrder.unitsReady === workOrder.unitCount;

  /** A refusal says why (stock short, a unit not ready): that is what the person needs, as it stands. */
  const refused =
    (failedKey: 'releaseFailed' | 'completeFailed' | 'cancelFailed' | 'deleteFailed') => (error: Error) => {
      setConfirming(null);
      setRefusal(
        isApiError(error, 'CONFLICT')
          ? error.message
          : `${t(`workOrders.detail.${failedKey}`)} ${error.message}`,
      );
    };

  const download = async (document: WorkOrderDocument) => {
    setDownloading(document);
    setRefusal(null);
    try {
      saveDownload(
        await downloadWorkOrderDocument(workOrder._id, document),
        documentFileName(document, workOrder.number),
      );
    } catch (error) {
      setRefusal(t('workOrders.detail.downloadFailed', { message: (error as Error).message }));
    } finally {
      setDownloading(null);
    }
  };

  const tools: PageTool[] = [
    {
      commandId: 'delete',
      icon: <DeleteOutlineIcon fontSize="small" />,
      title: t('workOrders.detail.delete'),
      roles: ['regular', 'admin'],
      // Only what never reserved stock, or no longer does, can go.
      hidden: status !== 'draft' && status !== 'cancelled',
    },
  ];

  const actions = (
    <Stack
      direction="row"
      spacing={1}
      useFlexGap
      role="group"
      aria-label={t('workOrders.detail.actions')}
      sx={{ flexWrap: 'wrap' }}
    >
      {status === 'draft' ? (
        <>
          <Button
            variant="contained"
            startIcon={<PlayArrowIcon />}
            onClick={() => {
              setRefusal(null);
              setConfirming('release');
            }}
          >
            {t('workOrders.detail.release')}
          </Button>
          <Button variant="outlined" startIcon={<EditIcon />} href={`/workorder/${id}/edit`}>
            {t('workOrders.detail.edit')}
          </Button>
        </>
      ) : null}
      {isOnTheFloor(status) ? (
        <>
          <Button
            variant="contained"
            color="success"
            startIcon={<DoneAllIcon />}
            disabled={!isReady}
            onClick={() => {
              setRefusal(null);
              setConfirming('complete');
            }}
          >
            {t('workOrders.detail.complete')}
          </Button>
          <Button variant="outlined" startIcon={<EditIcon />} href={`/workorder/${id}/edit`}>
            {t('workOrders.detail.edit')}
          </Button>
          <Button
            variant="outlined"
            color="error"
            startIcon={<BlockIcon />}
            onClick={() => {
              setRefusal(null);
              setConfirming('cancel');
            }}
          >
            {t('workOrders.detail.cancel')}
          </Button>
        </>
      ) : null}
    </Stack>
  );

  return (
    <>
      <PageHeader
        title={workOrder.number}
        icon={<AssignmentOutlinedIcon />}
        subtitle={
          <Box
            component="span"
            sx={{ display: 'inline-flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}
          >
            <StatusChip status={status} />
            <PriorityChip priority={workOrder.priority} always />
            {workOrder.description ? <span>{workOrder.description}</span> : null}
          </Box>
        }
        actions={actions}
        tools={tools}
        onCommand={(_index, tool) => {
          if (tool.commandId === 'delete') {
            setRefusal(null);
            setConfirming('delete');
          }
        }}
      />
      {refusal ? (
        <Alert severity="warning" role="alert" onClose={() => setRefusal(null)}>
          {refusal}
        </Alert>
      ) : null}
      {isOnTheFloor(status) && !isReady ? (
        <Typography variant="body2" color="text.secondary">
          {t('workOrders.detail.completeWhenReady', {
            ready: workOrder.unitsReady,
            total: workOrder.unitCount,
          })}
        </Typography>
      ) : null}
      {status === 'cancelled' ? (
        <Alert severity="info">
          {workOrder.cancelReason
            ? t('workOrders.detail.cancelledBecause', { reason: workOrder.cancelReason })
            : t('workOrders.detail.cancelled')}
        </Alert>
      ) : null}

      {/* The bench comes first: on a phone at the bench it is what the foreman opens the order for. */}
      {status === 'released' || status === 'inProgress' || status === 'completed' ? (
        <BuildPanel workOrder={workOrder} />
      ) : null}

      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
          alignItems: 'start',
        }}
      >
        <Section title={t('workOrders.detail.details')}>
          <Facts workOrder={workOrder} />
        </Section>
        <Section title={t('workOrders.detail.documents')}>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            {documentsOf(workOrder).map((document) => (
              <Button
                key={document}
                variant="outlined"
                disabled={downloading !== null}
                startIcon={
                  downloading === document ? <CircularProgress size={16} aria-hidden /> : <PictureAsPdfIcon />
                }
                onClick={() => void download(document)}
              >
                {t(`workOrders.documents.${document}`)}
              </Button>
            ))}
          </Stack>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {t(`workOrders.detail.documentsHelp.${status}`)}
          </Typography>
        </Section>
      </Box>

      {isOnTheFloor(status) && workOrder.picks.length > 0 ? <Picks workOrder={workOrder} /> : null}

      <Section title={t('workOrders.detail.lines')}>
        <ScrollRegion aria-label={t('workOrders.detail.linesTable', { number: workOrder.number })}>
          <Table size="small" aria-label={t('workOrders.detail.linesTable', { number: workOrder.number })}>
            <TableHead>
              <TableRow>
                <TableCell>{t('workOrders.fields.assembly')}</TableCell>
                <TableCell align="right">{t('workOrders.fields.quantity')}</TableCell>
                <TableCell align="right">{t('workOrders.fields.cutLength')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {workOrder.lines.map((line) => (
                <TableRow key={line._id}>
                  <TableCell>
                    <Link
                      href={`/hoseassembly/${encodeURIComponent(line.hoseAssembly._id)}`}
                      sx={{ fontWeight: 600 }}
                    >
                      {line.hoseAssembly.title}
                    </Link>
                    {line.hoseAssembly.description ? (
                      <Typography variant="body2" color="text.secondary">
                        {line.hoseAssembly.description}
                      </Typography>
                    ) : null}
                    {line.replacesSerialId ? (
                      <Typography variant="body2" color="text.secondary">
                        {t('workOrders.detail.replaces')}{' '}
                        <Link href={serialPath(line.replacesSerialId)}>{line.replacesSerialId}</Link>
                      </Typography>
                    ) : null}
                  </TableCell>
                  <TableCell align="right">{line.quantity}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {units.length(line.hoseAssembly.cutLengthMm)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </ScrollRegion>
      </Section>

      {workOrder.looseItems.length > 0 ? <LooseItems workOrder={workOrder} system={units.system} /> : null}

      {workOrder.materials.length > 0 ? <Materials workOrder={workOrder} system={units.system} /> : null}

      <ConfirmDialog
        open={confirming === 'release'}
        title={t('workOrders.detail.releaseTitle', { number: workOrder.number })}
        confirmLabel={t('workOrders.detail.release')}
        isBusy={release.isPending}
        onCancel={() => setConfirming(null)}
        onConfirm={() =>
          release.mutate(workOrder._id, {
            onSuccess: (saved) => {
              setConfirming(null);
              snackbar.success(t('workOrders.detail.released', { number: saved.number }));
            },
            onError: refused('releaseFailed'),
          })
        }
      >
        {t('workOrders.detail.releaseText', {
          count: workOrder.unitCount,
          warehouse: workOrder.warehouse.code,
        })}
      </ConfirmDialog>
      <ConfirmDialog
        open={confirming === 'complete'}
        title={t('workOrders.detail.completeTitle', { number: workOrder.number })}
        confirmLabel={t('workOrders.detail.complete')}
        isBusy={complete.isPending}
        onCancel={() => setConfirming(null)}
        onConfirm={() =>
          complete.mutate(workOrder._id, {
            onSuccess: (saved) => {
              setConfirming(null);
              snackbar.success(t('workOrders.detail.completed', { number: saved.number }));
            },
            onError: refused('completeFailed'),
          })
        }
      >
        {t('workOrders.detail.completeText', { count: workOrder.unitCount })}
      </ConfirmDialog>
      <CancelDialog
        open={confirming === 'cancel'}
        number={workOrder.number}
        isBusy={cancel.isPending}
        onCancel={() => setConfirming(null)}
        onConfirm={(reason) =>
          cancel.mutate(
            { id: workOrder._id, reason },
            {
              onSuccess: (saved) => {
                setConfirming(null);
                snackbar.success(t('workOrders.detail.cancelledNow', { number: saved.number }));
              },
              onError: refused('cancelFailed'),
            },
          )
        }
      />
      <ConfirmDialog
        open={confirming === 'delete'}
        title={t('workOrders.detail.deleteTitle', { number: workOrder.number })}
        confirmLabel={t('workOrders.detail.delete')}
        tone="error"
        isBusy={remove.isPending}
        onCancel={() => setConfirming(null)}
        onConfirm={() =>
          remove.mutate(workOrder._id, {
            onSuccess: () => {
              snackbar.success(t('workOrders.detail.deleted', { number: workOrder.number }));
              navigate('/workorders');
            },
            onError: refused('deleteFailed'),
          })
        }
      >
        {t('workOrders.detail.deleteText')}
      </ConfirmDialog>
    </>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: '150px minmax(0, 1fr)' },
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

/** Where the work came from: assemblies, a kit (linked), or the tag of a unit it replaces (linked). */
function SourceText({ workOrder, t }: { workOrder: WorkOrder; t: TFunction }) {
  if (workOrder.source === 'kit' && workOrder.hoseKit) {
    return (
      <>
        {t('workOrders.detail.fromKit')}{' '}
        <Link href={`/hosekit/${encodeURIComponent(workOrder.hoseKit._id)}`}>{workOrder.hoseKit.title}</Link>
      </>
    );
  }
  const replaced = workOrder.lines.find((l) => l.replacesSerialId)?.replacesSerialId;
  if (workOrder.source === 'reorder' && replaced) {
    return (
      <>
        {t('workOrders.detail.reorderOf')} <Link href={serialPath(replaced)}>{replaced}</Link>
      </>
    );
  }
  return <>{t(`workOrders.sources.${workOrder.source}`)}</>;
}

function Facts({ workOrder }: { workOrder: WorkOrder }) {
  const { t } = useTranslation();
  const by = (at: string, person: WorkOrder['createdBy']) =>
    person
      ? t('workOrders.detail.atBy', { date: formatShortDate(at), name: person.name })
      : formatShortDate(at);
  return (
    <Box component="dl" sx={{ m: 0 }}>
      <Fact label={t('workOrders.fields.customer')}>
        {workOrder.customer ? (
          <Link href={`/customer/${encodeURIComponent(workOrder.customer._id)}`}>
            {workOrder.customer.name}
          </Link>
        ) : (
          <Box component="span" sx={{ color: 'text.secondary' }}>
            {t('workOrders.detail.noCustomer')}
          </Box>
        )}
      </Fact>
      <Fact label={t('workOrders.fields.warehouse')}>
        {workOrder.warehouse.code} · {workOrder.warehouse.name}
      </Fact>
      <Fact label={t('workOrders.fields.dueDate')}>
        <DueDate dueDate={workOrder.dueDate} status={workOrder.status} />
      </Fact>
      <Fact label={t('workOrders.fields.source')}>
        <SourceText workOrder={workOrder} t={t} />
      </Fact>
      <Fact label={t('workOrders.fields.unitsReady')}>
        <Box component="span" sx={{ display: 'block', maxWidth: 200 }}>
          <UnitsProgress ready={workOrder.unitsReady} total={workOrder.unitCount} />
        </Box>
      </Fact>
      <Fact label={t('workOrders.fields.createdAt')}>{by(workOrder.createdAt, workOrder.createdBy)}</Fact>
      {workOrder.releasedAt ? (
        <Fact label={t('workOrders.fields.releasedAt')}>{formatShortDate(workOrder.releasedAt)}</Fact>
      ) : null}
      {workOrder.completedAt ? (
        <Fact label={t('workOrders.fields.completedAt')}>{formatShortDate(workOrder.completedAt)}</Fact>
      ) : null}
      {workOrder.notes ? (
        <Fact label={t('workOrders.fields.notes')}>
          <Box component="span" sx={{ whiteSpace: 'pre-line' }}>
            {workOrder.notes}
          </Box>
        </Fact>
      ) : null}
    </Box>
  );
}

/** What release reserved, place by place: the list the foreman walks the shelves with. */
function Picks({ workOrder }: { workOrder: WorkOrder }) {
  const { t } = useTranslation();
  const { system } = useUnits();
  return (
    <Section title={t('workOrders.detail.picks')}>
      <ScrollRegion aria-label={t('workOrders.detail.picksTable', { number: workOrder.number })}>
        <Table size="small" aria-label={t('workOrders.detail.picksTable', { number: workOrder.number })}>
          <TableHead>
            <TableRow>
              <TableCell>{t('workOrders.fields.item')}</TableCell>
              <TableCell align="right">{t('workOrders.fields.quantity')}</TableCell>
              <TableCell>{t('workOrders.fields.place')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {workOrder.picks.map((pick) => (
              <TableRow
                key={`${pick.componentId}-${pick.piece?._id ?? pick.location?._id ?? pick.warehouse._id}`}
              >
                <TableCell>
                  <Box sx={{ fontWeight: 600 }}>{pick.partNumber}</Box>
                  <Typography variant="body2" color="text.secondary">
                    {pick.description}
                  </Typography>
                  {pick.piece ? (
                    <Stack
                      direction="row"
                      spacing={0.5}
                      sx={{ mt: 0.5, alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}
                    >
                      <Chip
                        size="small"
                        color={pick.piece.remnant ? 'info' : 'default'}
                        label={t(
                          pick.piece.remnant ? 'workOrders.detail.fromRemnant' : 'workOrders.detail.fromReel',
                          {
                            length: formatStockQuantity(pick.piece.length, 'mm', system),
                          },
                        )}
                      />
                      <Typography variant="caption" color="text.secondary">
                        {[
                          pick.piece.batch && t('workOrders.detail.batch', { batch: pick.piece.batch }),
                          pick.piece.dateCode &&
                            t('workOrders.detail.dateCode', { dateCode: pick.piece.dateCode }),
                        ]
                          .filter(Boolean)
                          .join(' · ')}
                      </Typography>
                    </Stack>
                  ) : null}
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {formatStockQuantity(pick.quantity, pick.stockUnit, system)}
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  {pick.location ? `${pick.warehouse.code} / ${pick.location.code}` : pick.warehouse.code}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </ScrollRegion>
    </Section>
  );
}

/**
 * Every item the work order needs, with what its warehouse has free for it (on hand less other work orders'
 * reservations). Before completion a short item is in red with how much is missing; release would refuse it.
 */
/** A kit's component lines: picked with the order and packed with it, not built at the bench. */
function LooseItems({ workOrder, system }: { workOrder: WorkOrder; system: UnitSystem }) {
  const { t } = useTranslation();
  return (
    <Section title={t('workOrders.detail.looseItems')}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('workOrders.detail.looseItemsHelp')}
      </Typography>
      <ScrollRegion aria-label={t('workOrders.detail.looseItemsTable', { number: workOrder.number })}>
        <Table size="small" aria-label={t('workOrders.detail.looseItemsTable', { number: workOrder.number })}>
          <TableHead>
            <TableRow>
              <TableCell>{t('workOrders.fields.item')}</TableCell>
              <TableCell align="right">{t('workOrders.fields.quantity')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {workOrder.looseItems.map((item) => (
              <TableRow key={item.componentId}>
                <TableCell>
                  <Box sx={{ fontWeight: 600 }}>{item.partNumber}</Box>
                  <Typography variant="body2" color="text.secondary">
                    {item.description}
                  </Typography>
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {item.stockUnit === 'mm'
                    ? t('workOrders.detail.pieces', {
                        count: item.count,
                        length: formatStockQuantity(item.quantity, 'mm', system),
                      })
                    : formatStockQuantity(item.quantity * item.count, 'each', system)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </ScrollRegion>
    </Section>
  );
}

function Materials({ workOrder, system }: { workOrder: WorkOrder; system: UnitSystem }) {
  const { t } = useTranslation();
  const showsAvailable = workOrder.status !== 'completed' && workOrder.status !== 'cancelled';
  const quantity = (m: WorkOrderMaterial, value: number) => formatStockQuantity(value, m.stockUnit, system);
  return (
    <Section title={t('workOrders.detail.materials')}>
      <ScrollRegion aria-label={t('workOrders.detail.materialsTable', { number: workOrder.number })}>
        <Table size="small" aria-label={t('workOrders.detail.materialsTable', { number: workOrder.number })}>
          <TableHead>
            <TableRow>
              <TableCell>{t('workOrders.fields.item')}</TableCell>
              <TableCell align="right">{t('workOrders.fields.needed')}</TableCell>
              {showsAvailable ? (
                <TableCell align="right">
                  {t('workOrders.fields.available', { warehouse: workOrder.warehouse.code })}
                </TableCell>
              ) : null}
            </TableRow>
          </TableHead>
          <TableBody>
            {workOrder.materials.map((m) => {
              const isShort = showsAvailable && m.available < m.quantity;
              return (
                <TableRow key={m.componentId} data-short={isShort ? 'true' : undefined}>
                  <TableCell>
                    <Box sx={{ fontWeight: 600 }}>{m.partNumber}</Box>
                    <Typography variant="body2" color="text.secondary">
                      {m.description}
                    </Typography>
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {quantity(m, m.quantity)}
                  </TableCell>
                  {showsAvailable ? (
                    <TableCell
                      align="right"
                      sx={{
                        whiteSpace: 'nowrap',
                        ...(isShort ? { color: 'error.main', fontWeight: 600 } : {}),
                      }}
                    >
                      {quantity(m, m.available)}
                      {isShort ? (
                        <Typography variant="caption" component="div" sx={{ color: 'error.main' }}>
                          {t('workOrders.detail.shortBy', {
                            quantity: quantity(m, m.quantity - m.available),
                          })}
                        </Typography>
                      ) : null}
                    </TableCell>
                  ) : null}
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </ScrollRegion>
    </Section>
  );
}
