/**
 * /organization/billing ('Billing History', admins; reachable with an expired plan): the plan and where it
 * stands (renewal, end, grace period after a failed renewal), the card on file, a way to the provider's page
 * to change plan or card, and the invoices, each downloadable as a PDF.
 */
import { type Billing, type BillingInvoice, PLANS } from '@hosewright/domain';
import CreditCardIcon from '@mui/icons-material/CreditCard';
import PictureAsPdfOutlinedIcon from '@mui/icons-material/PictureAsPdfOutlined';
import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { billingQuery, saveInvoice, useOpenBillingPortal } from '@/api/billing';
import { EmptyState } from '@/components/empty-state';
import { LoadFailed } from '@/components/load-failed';
import { PageHeader } from '@/components/page-header';
import { formatDate, formatMoney, formatShortDate } from '@/lib/format';
import { snackbar } from '@/lib/snackbar-store';

const WIDE_ONLY = { display: { xs: 'none', sm: 'table-cell' } } as const;

const STATUS_COLOURS = {
  trial: 'default',
  active: 'success',
  pastDue: 'error',
  cancelling: 'warning',
  expired: 'error',
} as const;

export function BillingPage() {
  const { t } = useTranslation();
  const billing = useQuery(billingQuery());
  return (
    <Stack spacing={3} sx={{ maxWidth: 880 }}>
      <PageHeader title={t('billing.history.title')} icon={<ReceiptLongOutlinedIcon />} />
      {billing.isError ? (
        <LoadFailed
          message={t('billing.history.loadFailed')}
          error={billing.error}
          onRetry={() => void billing.refetch()}
        />
      ) : billing.isPending ? (
        <Stack spacing={1} aria-label={t('common.loading')}>
          <Skeleton variant="rounded" height={120} />
          <Skeleton variant="rounded" height={200} />
        </Stack>
      ) : (
        <>
          {billing.data.testMode ? (
            <Alert severity="warning" icon={<CreditCardIcon />}>
              {t('billing.testMode')}
            </Alert>
          ) : null}
          <PlanSummary billing={billing.data} />
          <Invoices invoices={billing.data.invoices} />
        </>
      )}
    </Stack>
  );
}

function PlanSummary({ billing }: { billing: Billing }) {
  const { t } = useTranslation();
  const portal = useOpenBillingPortal();
  const { status } = billing;
  const when =
    status === 'trial'
      ? t('billing.history.trialEnds', { date: formatDate(billing.expires) })
      : status === 'expired'
        ? t('billing.history.expiredOn', { date: formatDate(billing.expires) })
        : status === 'cancelling'
          ? t('billing.history.ends', { date: formatDate(billing.currentPeriodEnd ?? billing.expires) })
          : t('billing.history.renews', { date: formatDate(billing.currentPeriodEnd ?? billing.expires) });
  const paying = status === 'active' || status === 'pastDue' || status === 'cancelling';
  return (
    <Paper variant="outlined" component="section" sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack spacing={2}>
        {status === 'pastDue' && billing.graceEndsAt ? (
          <Alert severity="error">
            {t('billing.history.grace', { date: formatDate(billing.graceEndsAt) })}
          </Alert>
        ) : null}
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' },
          }}
        >
          <Box>
            <Typography variant="overline" color="text.secondary" component="div">
              {t('billing.history.plan')}
            </Typography>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
              <Typography variant="h6" component="p">
                {PLANS[billing.tier].label}
              </Typography>
              <Chip
                size="small"
                color={STATUS_COLOURS[status]}
                label={t(`billing.history.statuses.${status}`)}
              />
            </Stack>
            <Typography variant="body2" color="text.secondary">
              {when}
            </Typography>
          </Box>
          <Box>
            <Typography variant="overline" color="text.secondary" component="div">
              {t('billing.history.card')}
            </Typography>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <CreditCardIcon color="action" aria-hidden />
              <Typography>
                {billing.card
                  ? t('billing.history.cardOnFile', {
                      brand: billing.card.brand.charAt(0).toUpperCase() + billing.card.brand.slice(1),
                      last4: billing.card.last4,
                    })
                  : t('billing.history.noCard')}
              </Typography>
            </Stack>
          </Box>
        </Box>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
          {paying ? (
            <Button
              variant="contained"
              onClick={() => portal.mutate()}
              disabled={portal.isPending}
              startIcon={portal.isPending ? <CircularProgress size={16} aria-hidden /> : <CreditCardIcon />}
            >
              {t('billing.manage')}
            </Button>
          ) : (
            <Button variant="contained" component={RouterLink} to="/upgradesubscription">
              {t('billing.history.upgrade')}
            </Button>
          )}
        </Stack>
        {portal.isError ? (
          <Alert severity="error" role="alert">
            {portal.error instanceof Error ? portal.error.message : t('billing.portalFailed')}
          </Alert>
        ) : null}
      </Stack>
    </Paper>
  );
}

function Invoices({ invoices }: { invoices: readonly BillingInvoice[] }) {
  const { t } = useTranslation();
  const [saving, setSaving] = useState<string | null>(null);
  const download = async (invoice: BillingInvoice) => {
    setSaving(invoice._id);
    try {
      await saveInvoice(invoice._id, invoice.number);
    } catch (error) {
      snackbar.warning(error instanceof Error ? error.message : t('billing.history.downloadFailed'));
    } finally {
      setSaving(null);
    }
  };
  return (
    <Box component="section">
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('billing.history.invoices')}
      </Typography>
      {invoices.length === 0 ? (
        <EmptyState
          icon={<ReceiptLongOutlinedIcon />}
          title={t('billing.history.emptyTitle')}
          text={t('billing.history.emptyText')}
        />
      ) : (
        <TableContainer
          sx={{ border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: 'background.paper' }}
        >
          <Table size="small" aria-label={t('billing.history.invoicesLabel')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('billing.history.number')}</TableCell>
                <TableCell>{t('billing.history.date')}</TableCell>
                <TableCell sx={WIDE_ONLY}>{t('billing.history.period')}</TableCell>
                <TableCell sx={WIDE_ONLY}>{t('billing.history.plan')}</TableCell>
                <TableCell align="right">{t('billing.history.amount')}</TableCell>
                <TableCell>{t('billing.history.invoiceStatus')}</TableCell>
                <TableCell>
                  <Box component="span" sx={{ position: 'absolute', left: -10000 }}>
                    {t('billing.history.download')}
                  </Box>
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {invoices.map((invoice) => (
                <TableRow key={invoice._id}>
                  <TableCell sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{invoice.number}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatShortDate(invoice.date)}</TableCell>
                  <TableCell sx={{ ...WIDE_ONLY, whiteSpace: 'nowrap' }}>
                    {formatShortDate(invoice.periodStart)} – {formatShortDate(invoice.periodEnd)}
                  </TableCell>
                  <TableCell sx={WIDE_ONLY}>{PLANS[invoice.tier].label}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {formatMoney(invoice.amount / 100, invoice.currency)}
                  </TableCell>
                  <TableCell>
                    <Chip
                      size="small"
                      color={
                        invoice.status === 'paid'
                          ? 'success'
                          : invoice.status === 'open'
                            ? 'warning'
                            : 'default'
                      }
                      label={t(`billing.history.invoiceStatuses.${invoice.status}`)}
                    />
                  </TableCell>
                  <TableCell>
                    <Button
                      size="small"
                      startIcon={
                        saving === invoice._id ? (
                          <CircularProgress size={16} aria-hidden />
                        ) : (
                          <PictureAsPdfOutlinedIcon />
                        )
                      }
                      disabled={saving === invoice._id}
                      onClick={() => void download(invoice)}
                      aria-label={t('billing.history.downloadLabel', { number: invoice.number })}
                    >
                      {t('billing.history.download')}
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Box>
  );
}
