import { PENDING_STATUSES, type PendingItem, type PendingStatus } from '@hosewright/domain';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pendingItemsQuery, type ReviewDecision, useReviewPendingItem } from '@/api/components';
import { formatDate } from '@/lib/format';
import { snackbar } from '@/lib/snackbar-store';
import { detailRoute } from '../lib/kinds';
import { ComponentFields } from './component-fields';
import { KindIcon } from './kind-icon';
import { STATUS_COLOURS } from './my-suggestions';

/** Items members suggested: the admin approves (it becomes a custom item) or rejects, with a note. */
export function PendingQueue() {
  const { t } = useTranslation();
  const headingId = useId();
  const [status, setStatus] = useState<PendingStatus>('pending');
  const items = useQuery(pendingItemsQuery(status));
  const waiting = useQuery(pendingItemsQuery('pending'));
  const waitingCount = waiting.data?.total ?? 0;
  const [review, setReview] = useState<{ item: PendingItem; decision: ReviewDecision } | null>(null);

  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: { xs: 2, sm: 3 } }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography id={headingId} variant="h6" component="h2">
          {t('components.pending.title')}
        </Typography>
        {waitingCount > 0 ? (
          <Chip
            size="small"
            color="warning"
            label={t('components.pending.waiting', { count: waitingCount })}
          />
        ) : null}
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('components.pending.explain')}
      </Typography>
      <Tabs
        value={status}
        onChange={(_event, next: PendingStatus) => setStatus(next)}
        aria-label={t('components.pending.statusTabs')}
        variant="scrollable"
        allowScrollButtonsMobile
      >
        {PENDING_STATUSES.map((s) => (
          <Tab key={s} value={s} label={t(`components.pending.status.${s}`)} />
        ))}
      </Tabs>
      <Box sx={{ pt: 2 }}>
        {items.isPending ? (
          <Skeleton width="60%" />
        ) : (items.data?.items.length ?? 0) === 0 ? (
          <Typography color="text.secondary">{t(`components.pending.empty.${status}`)}</Typography>
        ) : (
          <Stack component="ul" spacing={1} sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {items.data?.items.map((item) => (
              <PendingRow key={item._id} item={item} onReview={(decision) => setReview({ item, decision })} />
            ))}
          </Stack>
        )}
      </Box>
      {review ? (
        <ReviewDialog item={review.item} decision={review.decision} onClose={() => setReview(null)} />
      ) : null}
    </Paper>
  );
}

function PendingRow({ item, onReview }: { item: PendingItem; onReview: (decision: ReviewDecision) => void }) {
  const { t } = useTranslation();
  return (
    <Box component="li">
      <Accordion variant="outlined" disableGutters>
        <AccordionSummary expandIcon={<ExpandMoreIcon />}>
          <Box
            sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', minWidth: 0, flex: 1, flexWrap: 'wrap' }}
          >
            <KindIcon kind={item.kind} color="action" />
            <Box sx={{ minWidth: 0, flex: 1 }}>
              <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                {item.partNumber} · {t(`components.kinds.${item.kind}.label`)}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {t('components.pending.submitted', {
                  name: item.submittedByName || t('components.pending.someone'),
                  date: formatDate(item.createdAt),
                })}
              </Typography>
            </Box>
            <Chip
              size="small"
              color={STATUS_COLOURS[item.status]}
              label={t(`components.pending.status.${item.status}`)}
            />
          </Box>
        </AccordionSummary>
        <AccordionDetails>
          <Stack spacing={2}>
            <ComponentFields kind={item.kind} record={{ ...item.payload } as Record<string, unknown>} />
            {item.reviewNote ? (
              <Typography variant="body2">
                {t('components.suggest.note', { note: item.reviewNote })}
              </Typography>
            ) : null}
            {item.status === 'approved' && item.componentId ? (
              <Link href={detailRoute(item.kind, item.componentId)}>{t('components.pending.openItem')}</Link>
            ) : null}
            {item.status === 'pending' ? (
              <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
                <Button variant="contained" color="success" onClick={() => onReview('approve')}>
                  {t('components.pending.approve')}
                </Button>
                <Button variant="outlined" color="error" onClick={() => onReview('reject')}>
                  {t('components.pending.reject')}
                </Button>
              </Stack>
            ) : null}
          </Stack>
        </AccordionDetails>
      </Accordion>
    </Box>
  );
}

function ReviewDialog({
  item,
  decision,
  onClose,
}: {
  item: PendingItem;
  decision: ReviewDecision;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const [note, setNote] = useState('');
  const reviewItem = useReviewPendingItem();

  const submit = async () => {
    try {
      const reviewed = await reviewItem.mutateAsync({ id: item._id, decision, note: note.trim() });
      const url =
        decision === 'approve' && reviewed.componentId
          ? detailRoute(item.kind, reviewed.componentId)
          : undefined;
      snackbar.success(
        t(decision === 'approve' ? 'components.pending.approved' : 'components.pending.rejected', {
          partNumber: item.partNumber,
        }),
        url,
      );
      onClose();
    } catch (error) {
      snackbar.warning(error instanceof Error ? error.message : undefined);
    }
  };

  return (
    <Dialog
      open
      onClose={reviewItem.isPending ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
    >
      <DialogTitle id={titleId}>
        {t(decision === 'approve' ? 'components.pending.approveTitle' : 'components.pending.rejectTitle', {
          partNumber: item.partNumber,
        })}
      </DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          {t(decision === 'approve' ? 'components.pending.approveText' : 'components.pending.rejectText')}
        </DialogContentText>
        <TextField
          label={t('components.pending.noteLabel')}
          helperText={t('components.pending.noteHelp')}
          value={note}
          onChange={(event) => setNote(event.target.value)}
          multiline
          minRows={2}
          fullWidth
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={reviewItem.isPending}>
          {t('common.cancel')}
        </Button>
        <Button
          variant="contained"
          color={decision === 'approve' ? 'success' : 'error'}
          onClick={() => void submit()}
          disabled={reviewItem.isPending}
          startIcon={reviewItem.isPending ? <CircularProgress size={16} aria-hidden /> : undefined}
        >
          {t(decision === 'approve' ? 'components.pending.approve' : 'components.pending.reject')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
