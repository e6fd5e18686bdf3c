/**
 * The review before publishing (`reviewPriceListDraft`, ADR 21): the draft against the version in force on
 * the chosen first day, counted (added, removed, up, down, unchanged) and listed with old and new prices;
 * then the draft is published from that day (`publishPriceListDraft`).
 */
import type { PriceListDetail, PriceListReview } from '@hosewright/domain';
import FactCheckOutlinedIcon from '@mui/icons-material/FactCheckOutlined';
import PublishIcon from '@mui/icons-material/Publish';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { priceListReviewQuery, usePublishPriceListDraft } from '@/api/pricelists';
import { formatShortDate, localDay } from '@/lib/format';
import { useSnackbarStore } from '@/lib/snackbar-store';
import { formatPct, formatPrice } from '../lib/prices';
import { ChangeMark } from './chips';

const dayText = (day: string) => formatShortDate(`${day}T00:00:00`);

export function ReviewPanel({ list }: { list: PriceListDetail }) {
  const { t } = useTranslation();
  const showSnackbar = useSnackbarStore((s) => s.show);
  const today = localDay();
  const [effectiveFrom, setEffectiveFrom] = useState(() => localDay(1));
  const [note, setNote] = useState('');
  const [isReviewing, setIsReviewing] = useState(false);
  const isDayValid = /^\d{4}-\d{2}-\d{2}$/.test(effectiveFrom) && effectiveFrom >= today;
  const review = useQuery({
    ...priceListReviewQuery(list._id, effectiveFrom),
    enabled: isReviewing && isDayValid,
  });
  const publish = usePublishPriceListDraft(list._id);

  const onPublish = () =>
    publish.mutate(
      { effectiveFrom, note: note.trim() },
      {
        onSuccess: () => {
          showSnackbar('success', t('priceLists.edit.published', { date: dayText(effectiveFrom) }));
          setIsReviewing(false);
          setNote('');
        },
      },
    );

  return (
    <Stack spacing={2} id="review">
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: '200px minmax(0, 1fr)' },
          alignItems: 'start',
        }}
      >
        <TextField
          type="date"
          label={t('priceLists.edit.effectiveFrom')}
          value={effectiveFrom}
          onChange={(e) => setEffectiveFrom(e.target.value)}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: today } }}
          error={!isDayValid}
          helperText={
            isDayValid ? t('priceLists.edit.effectiveFromHelp') : t('priceLists.edit.effectiveFromPast')
          }
        />
        <TextField
          label={t('priceLists.edit.note')}
          value={note}
          onChange={(e) => setNote(e.target.value)}
          helperText={t('priceLists.edit.noteHelp')}
        />
      </Box>
      {isReviewing ? null : (
        <Box>
          <Button
            variant="contained"
            startIcon={<FactCheckOutlinedIcon />}
            disabled={!isDayValid}
            onClick={() => setIsReviewing(true)}
          >
            {t('priceLists.edit.review')}
          </Button>
        </Box>
      )}
      {!isReviewing || !isDayValid ? null : review.isPending ? (
        <CircularProgress size={24} aria-label={t('common.loading')} />
      ) : review.isError ? (
        <Alert severity="error">
          {t('priceLists.edit.reviewFailed')} {review.error.message}
        </Alert>
      ) : (
        <>
          <Differences review={review.data} currency={list.currency} />
          {publish.isError ? (
            <Alert severity="error" role="alert">
              {t('priceLists.edit.publishFailed')} {publish.error.message}
            </Alert>
          ) : null}
          <Box>
            <Button
              variant="contained"
              color="success"
              disabled={publish.isPending || review.isFetching}
              startIcon={publish.isPending ? <CircularProgress size={16} aria-hidden /> : <PublishIcon />}
              onClick={onPublish}
            >
              {publish.isPending
                ? t('priceLists.edit.publishing')
                : t('priceLists.edit.publish', { date: dayText(effectiveFrom) })}
            </Button>
          </Box>
        </>
      )}
    </Stack>
  );
}

function Differences({ review, currency }: { review: PriceListReview; currency: string }) {
  const { t } = useTranslation();
  const price = (minor: number) => formatPrice(minor, currency);
  const counts = [
    ['added', review.added.length],
    ['removed', review.removed.length],
    ['up', review.upCount],
    ['down', review.downCount],
    ['unchanged', review.unchangedCount],
  ] as const;
  return (
    <Stack spacing={2}>
      <Typography color="text.secondary">
        {review.comparedWith
          ? t('priceLists.edit.comparedWith', { date: dayText(review.comparedWith.effectiveFrom) })
          : t('priceLists.edit.comparedWithNone')}
      </Typography>
      <Box
        component="ul"
        aria-label={t('priceLists.edit.reviewTitle')}
        sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', listStyle: 'none', p: 0, m: 0 }}
      >
        {counts.map(([name, count]) => (
          <Paper component="li" key={name} variant="outlined" sx={{ px: 2, py: 1, minWidth: 96 }}>
            <Typography variant="body2" color="text.secondary">
              {t(`priceLists.edit.counts.${name}`)}
            </Typography>
            <Typography variant="h6" component="p">
              {count}
            </Typography>
          </Paper>
        ))}
      </Box>
      {review.alertCount > 0 ? (
        <Alert severity="warning">{t('priceLists.edit.reviewAlerts', { count: review.alertCount })}</Alert>
      ) : null}
      {review.changed.length > 0 ? (
        <ReviewTable title={t('priceLists.edit.changed')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('priceLists.detail.partNumber')}</TableCell>
              <TableCell>{t('priceLists.detail.description')}</TableCell>
              <TableCell align="right">{t('priceLists.edit.oldPrice')}</TableCell>
              <TableCell align="right">{t('priceLists.edit.newPrice')}</TableCell>
              <TableCell align="right">{t('priceLists.edit.change')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {review.changed.map((row) => (
              <TableRow key={`${row.itemType}:${row.itemId}`}>
                <TableCell>{row.partNumber}</TableCell>
                <TableCell>
                  {row.description}
                  {row.breaksChanged ? (
                    <Chip
                      size="small"
                      variant="outlined"
                      sx={{ ml: 1 }}
                      label={t('priceLists.edit.breaksChanged')}
                    />
                  ) : null}
                </TableCell>
                <TableCell align="right">{price(row.oldUnitPrice)}</TableCell>
                <TableCell align="right">{price(row.newUnitPrice)}</TableCell>
                <TableCell align="right">
                  <ChangeMark direction={row.direction}>
                    {row.direction === 'same'
                      ? t('priceLists.edit.same')
                      : `${row.change > 0 ? '+' : '−'}${price(Math.abs(row.change))}${
                          row.changePct === null
                            ? ''
                            : ` (${row.changePct > 0 ? '+' : ''}${formatPct(row.changePct)})`
                        }`}
                  </ChangeMark>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </ReviewTable>
      ) : null}
      {(['added', 'removed'] as const).map((which) =>
        review[which].length > 0 ? (
          <ReviewTable key={which} title={t(`priceLists.edit.${which}`)}>
            <TableHead>
              <TableRow>
                <TableCell>{t('priceLists.detail.partNumber')}</TableCell>
                <TableCell>{t('priceLists.detail.description')}</TableCell>
                <TableCell align="right">{t('priceLists.detail.price')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {review[which].map((row) => (
                <TableRow key={`${row.itemType}:${row.itemId}`}>
                  <TableCell>{row.partNumber}</TableCell>
                  <TableCell>{row.description}</TableCell>
                  <TableCell align="right">{price(row.unitPrice)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </ReviewTable>
        ) : null,
      )}
    </Stack>
  );
}

function ReviewTable({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
        {title}
      </Typography>
      <TableContainer component={Paper} variant="outlined">
        <Table size="small" aria-label={title}>
          {children}
        </Table>
      </TableContainer>
    </Box>
  );
}
