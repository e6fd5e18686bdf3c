import type { Estimate } from '@hosewright/domain';
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import EditIcon from '@mui/icons-material/Edit';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import RequestQuoteOutlinedIcon from '@mui/icons-material/RequestQuoteOutlined';
import SendIcon from '@mui/icons-material/Send';
import TableChartOutlinedIcon from '@mui/icons-material/TableChartOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import {
  downloadEstimateDocument,
  type EstimateDocument,
  estimateQuery,
  useAcceptEstimate,
  useDeclineEstimate,
  useDeleteEstimate,
  useReviseEstimate,
  useSendEstimate,
} from '@/api/estimates';
import { CentredProgress } from '@/components/centred-progress';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { PageHeader, type PageTool } from '@/components/page-header';
import { BackLink } from '@/components/record-page';
import { Section } from '@/components/section';
import { isApiError } from '@/lib/api';
import { saveDownload } from '@/lib/download';
import { formatShortDate } from '@/lib/format';
import { snackbar } from '@/lib/snackbar-store';
import { AcceptDialog, DeclineDialog, SendDialog } from '../components/action-dialogs';
import { StatusChip } from '../components/estimate-chips';
import { LoadProblem } from '../components/load-problem';
import { PricedLines } from '../components/priced-lines';
import { RecheckPanel } from '../components/recheck-panel';
import { TotalsBlock } from '../components/totals';
import { documentFileName, formatDay } from '../lib/estimate';

/** `/salesestimate/{salesEstimateId}` (members of a professional or enterprise organisation). */
export function EstimateDetailPage() {
  const { t } = useTranslation();
  const { salesEstimateId = '' } = useParams();
  const estimate = useQuery(estimateQuery(salesEstimateId));

  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      <BackLink href="/salesestimates">{t('estimates.backToList')}</BackLink>
      {estimate.isPending ? (
        <CentredProgress label={t('common.loading')} />
      ) : estimate.isError ? (
        <LoadProblem
          message={t('estimates.loadFailed')}
          error={estimate.error}
          onRetry={() => estimate.refetch()}
        />
      ) : (
        <EstimateDetail key={estimate.data._id} estimate={estimate.data} />
      )}
    </Stack>
  );
}

type Dialog = 'send' | 'accept' | 'decline' | 'delete' | null;

const path = (id: string) => `/salesestimate/${encodeURIComponent(id)}`;

function EstimateDetail({ estimate }: { estimate: Estimate }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const send = useSendEstimate();
  const accept = useAcceptEstimate();
  const decline = useDeclineEstimate();
  const remove = useDeleteEstimate();
  const revise = useReviseEstimate();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [downloading, setDownloading] = useState<EstimateDocument | null>(null);
  const { status } = estimate;
  const isOpen = status === 'draft' || status === 'sent';
  const canSend = status === 'draft' || status === 'sent' || status === 'expired';
  const canDelete = status === 'draft' || status === 'declined';
  const rechecks = (status === 'sent' || status === 'expired') && !estimate.laterRevision;

  const opening = (next: Dialog) => () => {
    setRefusal(null);
    setDialog(next);
  };
  /** A refusal (Conflict) says why as it stands; anything else after what failed. */
  const refused = (failed: string) => (error: Error) => {
    setDialog(null);
    setRefusal(isApiError(error, 'CONFLICT') ? error.message : `${failed} ${error.message}`);
  };

  const download = async (document: EstimateDocument) => {
    setDownloading(document);
    setRefusal(null);
    try {
      saveDownload(
        await downloadEstimateDocument(estimate._id, document),
        documentFileName(estimate, document),
      );
    } catch (error) {
      setRefusal(t('estimates.detail.downloadFailed', { message: (error as Error).message }));
    } finally {
      setDownloading(null);
    }
  };

  const tools: PageTool[] = [
    {
      commandId: 'delete',
      icon: <DeleteOutlineIcon fontSize="small" />,
      title: t('estimates.detail.delete'),
      roles: ['regular', 'admin'],
      hidden: !canDelete,
    },
  ];

  const actions = (
    <Stack
      direction="row"
      spacing={1}
      useFlexGap
      role="group"
      aria-label={t('estimates.detail.actions')}
      sx={{ flexWrap: 'wrap' }}
    >
      {status === 'draft' ? (
        <Button variant="outlined" startIcon={<EditIcon />} href={`${path(estimate._id)}/edit`}>
          {t('estimates.detail.edit')}
        </Button>
      ) : null}
      {canSend ? (
        <Button
          variant={status === 'draft' ? 'contained' : 'outlined'}
          startIcon={<SendIcon />}
          onClick={opening('send')}
        >
          {status === 'draft' ? t('estimates.detail.send') : t('estimates.detail.sendAgain')}
        </Button>
      ) : null}
      {isOpen ? (
        <Button
          variant={status === 'sent' ? 'contained' : 'outlined'}
          color="success"
          startIcon={<CheckIcon />}
          onClick={opening('accept')}
        >
          {t('estimates.detail.accept')}
        </Button>
      ) : null}
      {canSend ? (
        <Button variant="outlined" color="error" startIcon={<CloseIcon />} onClick={opening('decline')}>
          {t('estimates.detail.decline')}
        </Button>
      ) : null}
    </Stack>
  );

  const revisionLinks = (
    <>
      {estimate.previousId ? (
        <Link href={path(estimate.previousId)}>
          {t('estimates.detail.previousRevision', { revision: estimate.revision - 1 })}
        </Link>
      ) : null}
      {estimate.laterRevision ? (
        <Link href={path(estimate.laterRevision._id)} sx={{ fontWeight: 600 }}>
          {t('estimates.detail.laterRevision', { revision: estimate.laterRevision.revision })}
        </Link>
      ) : null}
    </>
  );

  return (
    <>
      <PageHeader
        title={estimate.number}
        icon={<RequestQuoteOutlinedIcon />}
        subtitle={
          <Box
            component="span"
            sx={{ display: 'inline-flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}
          >
            <Chip
              component="span"
              size="small"
              variant="outlined"
              label={t('estimates.rev', { revision: estimate.revision })}
            />
            <StatusChip status={status} />
            {estimate.description ? <span>{estimate.description}</span> : null}
            {revisionLinks}
          </Box>
        }
        actions={actions}
        tools={tools}
        onCommand={(_index, tool) => {
          if (tool.commandId === 'delete') opening('delete')();
        }}
      />
      {refusal ? (
        <Alert severity="warning" role="alert" onClose={() => setRefusal(null)}>
          {refusal}
        </Alert>
      ) : null}
      {estimate.laterRevision ? (
        <Alert severity="info">
          {t('estimates.detail.revisedBy', { revision: estimate.laterRevision.revision })}{' '}
          <Link href={path(estimate.laterRevision._id)}>
            {t('estimates.detail.openRevision', { revision: estimate.laterRevision.revision })}
          </Link>
        </Alert>
      ) : null}
      {rechecks ? (
        <RecheckPanel
          estimate={estimate}
          isRevising={revise.isPending}
          onRevise={() =>
            revise.mutate(estimate._id, {
              onSuccess: (next) => {
                snackbar.success(
                  t('estimates.recheck.revised', { number: next.number, revision: next.revision }),
                );
                navigate(path(next._id));
              },
              onError: refused(t('estimates.recheck.reviseFailed')),
            })
          }
        />
      ) : null}
      {estimate.unpricedCount > 0 || estimate.belowTargetCount > 0 ? (
        <Alert severity="warning">
          {[
            estimate.unpricedCount > 0
              ? t('estimates.detail.unpriced', { count: estimate.unpricedCount })
              : '',
            estimate.belowTargetCount > 0
              ? t('estimates.detail.belowTarget', { count: estimate.belowTargetCount })
              : '',
          ]
            .filter(Boolean)
            .join(' ')}
        </Alert>
      ) : null}

      {status === 'accepted' ? <WorkOrdersMade estimate={estimate} /> : null}

      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
          alignItems: 'start',
        }}
      >
        <Section title={t('estimates.detail.details')}>
          <Facts estimate={estimate} />
        </Section>
        <Section title={t('estimates.detail.documents')}>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            {(['pdf', 'xlsx'] as const).map((document) => (
              <Button
                key={document}
                variant="outlined"
                disabled={downloading !== null}
                startIcon={
                  downloading === document ? (
                    <CircularProgress size={16} aria-hidden />
                  ) : document === 'pdf' ? (
                    <PictureAsPdfIcon />
                  ) : (
                    <TableChartOutlinedIcon />
                  )
                }
                onClick={() => void download(document)}
              >
                {t(`estimates.detail.download.${document}`)}
              </Button>
            ))}
          </Stack>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {t('estimates.detail.documentsHelp')}
          </Typography>
        </Section>
      </Box>

      <Section title={t('estimates.detail.lines')}>
        <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
          <PricedLines estimate={estimate} />
          <TotalsBlock totals={estimate} label={t('estimates.totals.label')} />
        </Box>
      </Section>

      {estimate.terms ? (
        <Section title={t('estimates.fields.terms')}>
          <Typography sx={{ whiteSpace: 'pre-line' }}>{estimate.terms}</Typography>
        </Section>
      ) : null}

      <SendDialog
        open={dialog === 'send'}
        number={estimate.number}
        defaultTo={estimate.contact?.email ?? ''}
        isBusy={send.isPending}
        onCancel={() => setDialog(null)}
        onConfirm={(to, message) =>
          send.mutate(
            { id: estimate._id, to, message },
            {
              onSuccess: (saved) => {
                setDialog(null);
                snackbar.success(t('estimates.send.sent', { number: saved.number, to: saved.sentTo ?? to }));
              },
              onError: refused(t('estimates.send.failed')),
            },
          )
        }
      />
      <AcceptDialog
        open={dialog === 'accept'}
        number={estimate.number}
        isBusy={accept.isPending}
        onCancel={() => setDialog(null)}
        onConfirm={(input) =>
          accept.mutate(
            { id: estimate._id, input },
            {
              onSuccess: (saved) => {
                setDialog(null);
                snackbar.success(
                  t('estimates.accept.accepted', { number: saved.number, count: saved.workOrders.length }),
                );
              },
              onError: refused(t('estimates.accept.failed')),
            },
          )
        }
      />
      <DeclineDialog
        open={dialog === 'decline'}
        number={estimate.number}
        isBusy={decline.isPending}
        onCancel={() => setDialog(null)}
        onConfirm={(reason) =>
          decline.mutate(
            { id: estimate._id, reason },
            {
              onSuccess: (saved) => {
                setDialog(null);
                snackbar.success(t('estimates.decline.declined', { number: saved.number }));
              },
              onError: refused(t('estimates.decline.failed')),
            },
          )
        }
      />
      <ConfirmDialog
        open={dialog === 'delete'}
        title={t('estimates.detail.deleteTitle', { number: estimate.number })}
        confirmLabel={t('estimates.detail.delete')}
        tone="error"
        isBusy={remove.isPending}
        onCancel={() => setDialog(null)}
        onConfirm={() =>
          remove.mutate(estimate._id, {
            onSuccess: () => {
              snackbar.success(t('estimates.detail.deleted', { number: estimate.number }));
              navigate('/salesestimates');
            },
            onError: refused(t('estimates.detail.deleteFailed')),
          })
        }
      >
        {t('estimates.detail.deleteText')}
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

function Facts({ estimate }: { estimate: Estimate }) {
  const { t } = useTranslation();
  const { contact } = estimate;
  return (
    <Box component="dl" sx={{ m: 0 }}>
      <Fact label={t('estimates.fields.customer')}>
        {estimate.customer ? (
          <Link href={`/customer/${encodeURIComponent(estimate.customer._id)}`}>
            {estimate.customer.name}
          </Link>
        ) : (
          '—'
        )}
      </Fact>
      <Fact label={t('estimates.fields.contact')}>
        {contact ? (
          <>
            {contact.name}
            {contact.email ? (
              <>
                {' · '}
                <Link href={`mailto:${contact.email}`}>{contact.email}</Link>
              </>
            ) : null}
            {contact.phone ? ` · ${contact.phone}` : null}
          </>
        ) : (
          <Box component="span" sx={{ color: 'text.secondary' }}>
            {t('estimates.detail.noContact')}
          </Box>
        )}
      </Fact>
      <Fact label={t('estimates.fields.estimateDate')}>{formatDay(estimate.estimateDate)}</Fact>
      <Fact label={t('estimates.fields.validUntil')}>{formatDay(estimate.validUntil) || '—'}</Fact>
      {estimate.sentAt ? (
        <Fact label={t('estimates.fields.sentAt')}>
          {estimate.sentTo
            ? t('estimates.detail.sentTo', { date: formatShortDate(estimate.sentAt), to: estimate.sentTo })
            : formatShortDate(estimate.sentAt)}
        </Fact>
      ) : null}
      {estimate.decidedAt ? (
        <Fact label={t(`estimates.fields.${estimate.status === 'declined' ? 'declinedAt' : 'acceptedAt'}`)}>
          {formatShortDate(estimate.decidedAt)}
        </Fact>
      ) : null}
      <Fact label={t('estimates.fields.createdAt')}>
        {estimate.createdBy
          ? t('estimates.detail.atBy', {
              date: formatShortDate(estimate.createdAt),
              name: estimate.createdBy.name,
            })
          : formatShortDate(estimate.createdAt)}
      </Fact>
      {estimate.notes ? (
        <Fact label={t('estimates.fields.notes')}>
          <Box component="span" sx={{ whiteSpace: 'pre-line' }}>
            {estimate.notes}
          </Box>
        </Fact>
      ) : null}
    </Box>
  );
}

/** What accepting made: a link to each work order. */
function WorkOrdersMade({ estimate }: { estimate: Estimate }) {
  const { t } = useTranslation();
  return (
    <Section title={t('estimates.detail.workOrders')}>
      {estimate.workOrders.length === 0 ? (
        <Typography color="text.secondary">{t('estimates.detail.noWorkOrders')}</Typography>
      ) : (
        <List disablePadding aria-label={t('estimates.detail.workOrdersLabel', { number: estimate.number })}>
          {estimate.workOrders.map((wo) => (
            <ListItem key={wo._id} disablePadding divider>
              <ListItemButton href={`/workorder/${encodeURIComponent(wo._id)}`}>
                <ListItemText primary={wo.number} />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      )}
    </Section>
  );
}
