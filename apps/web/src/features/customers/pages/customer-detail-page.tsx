import {
  type Address,
  type Customer,
  DEFAULT_MARGIN_PCT,
  ENTERPRISE_TIERS,
  fromMinorUnits,
  isEmptyAddress,
  markupForMargin,
  PREMIUM_TIERS,
  priceListPath,
} from '@hosewright/domain';
import AddIcon from '@mui/icons-material/Add';
import AssignmentOutlinedIcon from '@mui/icons-material/AssignmentOutlined';
import BuildIcon from '@mui/icons-material/Build';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import EditIcon from '@mui/icons-material/Edit';
import PersonIcon from '@mui/icons-material/Person';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { assemblyListQuery } from '@/api/assemblies';
import { customerQuery, useDeleteCustomer } from '@/api/customers';
import { estimateListQuery } from '@/api/estimates';
import { kitListQuery } from '@/api/kits';
import { priceListQuery } from '@/api/pricelists';
import { workOrderListQuery } from '@/api/workorders';
import { CentredProgress } from '@/components/centred-progress';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ErpIcon } from '@/components/erp-icon';
import { PageHeader, type PageTool } from '@/components/page-header';
import { BackLink } from '@/components/record-page';
import { isApiError } from '@/lib/api';
import { formatMoney, formatShortDate } from '@/lib/format';
import { useSnackbarStore } from '@/lib/snackbar-store';
import { useViewer } from '@/lib/use-viewer';
import { CustomerItems } from '../components/customer-items';

const BASIC_TABS = ['overview', 'hoseAssemblies', 'hoseKits', 'items'] as const;
const PREMIUM_TABS = ['salesEstimates', 'workOrders'] as const;
type TabName = (typeof BASIC_TABS)[number] | (typeof PREMIUM_TABS)[number];

/** `/customer/{customerId}` (any member): the customer with tabs, `?tab=` keeps the open one. */
export function CustomerDetailPage() {
  const { t } = useTranslation();
  const { customerId = '' } = useParams();
  const customer = useQuery(customerQuery(customerId));

  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      <BackLink href="/customers">{t('customers.backToList')}</BackLink>
      {customer.isPending ? (
        <CentredProgress label={t('common.loading')} />
      ) : customer.isError ? (
        <Alert severity={isApiError(customer.error, 'NOT_FOUND') ? 'info' : 'error'}>
          {isApiError(customer.error, 'NOT_FOUND')
            ? t('customers.form.notFound')
            : `${t('customers.form.loadFailed')} ${customer.error.message}`}
        </Alert>
      ) : (
        <CustomerDetail customer={customer.data} />
      )}
    </Stack>
  );
}

function CustomerDetail({ customer }: { customer: Customer }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { access } = useViewer();
  const [params, setParams] = useSearchParams();
  const [isDeleting, setIsDeleting] = useState(false);
  const remove = useDeleteCustomer();
  const showSnackbar = useSnackbarStore((s) => s.show);
  const tier = access?.subscription?.tier;
  const isPremium = tier !== undefined && PREMIUM_TIERS.includes(tier);
  const tabs: TabName[] = [...BASIC_TABS, ...(isPremium ? PREMIUM_TABS : [])];
  const asked = params.get('tab') as TabName | null;
  const tab: TabName = asked && tabs.includes(asked) ? asked : 'overview';
  const id = encodeURIComponent(customer._id);

  const tools: PageTool[] = [
    {
      commandId: 'edit',
      icon: <EditIcon fontSize="small" />,
      title: t('customers.detail.edit'),
      roles: ['regular', 'admin'],
    },
    {
      commandId: 'delete',
      icon: <DeleteOutlineIcon fontSize="small" />,
      title: t('customers.detail.delete'),
      roles: ['admin'],
    },
  ];

  return (
    <>
      <PageHeader
        title={customer.name}
        icon={<PersonIcon />}
        subtitle={
          <Box
            component="span"
            sx={{ display: 'inline-flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}
          >
            {customer.accountNumber
              ? t('customers.detail.account', { number: customer.accountNumber })
              : null}
            {customer.domain ? <span>{customer.domain}</span> : null}
            {customer.active ? null : <Chip size="small" label={t('customers.detail.inactive')} />}
          </Box>
        }
        actions={
          <Button variant="contained" startIcon={<EditIcon />} href={`/customer/${id}/edit`}>
            {t('customers.detail.edit')}
          </Button>
        }
        tools={tools.filter((tool) => tool.commandId !== 'edit')}
        onCommand={(_index, tool) => {
          if (tool.commandId === 'delete') setIsDeleting(true);
        }}
      />
      <Tabs
        value={tab}
        onChange={(_e, next: TabName) =>
          setParams(next === 'overview' ? {} : { tab: next }, { replace: true })
        }
        variant="scrollable"
        allowScrollButtonsMobile
        aria-label={t('customers.detail.tabsLabel')}
        sx={{ borderBottom: 1, borderColor: 'divider' }}
      >
        {tabs.map((name) => (
          <Tab key={name} value={name} label={t(`customers.detail.tabs.${name}`)} />
        ))}
      </Tabs>
      <Box role="tabpanel" aria-label={t(`customers.detail.tabs.${tab}`)}>
        {tab === 'overview' ? (
          <Overview customer={customer} />
        ) : tab === 'hoseAssemblies' ? (
          <Builds
            customerId={customer._id}
            kind="assemblies"
            action={
              <Button
                variant="contained"
                startIcon={<BuildIcon />}
                href={`/customer/${id}/hoseassemblies/new`}
              >
                {t('customers.detail.buildHose')}
              </Button>
            }
            text={t('customers.detail.assembliesText')}
          />
        ) : tab === 'hoseKits' ? (
          <Builds
            customerId={customer._id}
            kind="kits"
            action={
              <Button variant="contained" startIcon={<AddIcon />} href={`/customer/${id}/hosekits/new`}>
                {t('customers.detail.newKit')}
              </Button>
            }
            text={t('customers.detail.kitsText')}
          />
        ) : tab === 'items' ? (
          <CustomerItems customerId={customer._id} currency={customer.currency} />
        ) : tab === 'workOrders' ? (
          <WorkOrders customer={customer} />
        ) : (
          <SalesEstimates customer={customer} />
        )}
      </Box>
      <ConfirmDialog
        open={isDeleting}
        title={t('customers.detail.deleteTitle', { name: customer.name })}
        confirmLabel={t('customers.detail.delete')}
        tone="error"
        isBusy={remove.isPending}
        onCancel={() => setIsDeleting(false)}
        onConfirm={() =>
          remove.mutate(customer._id, {
            onSuccess: () => {
              showSnackbar('success', t('customers.detail.deleted'));
              navigate('/customers');
            },
            onError: (error) => {
              setIsDeleting(false);
              showSnackbar('warning', `${t('customers.detail.deleteFailed')} ${error.message}`);
            },
          })
        }
      >
        {t('customers.detail.deleteText')}
      </ConfirmDialog>
    </>
  );
}

function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 2.5 }, minWidth: 0 }}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

function AddressText({ address }: { address: Address | null }) {
  const { t } = useTranslation();
  if (isEmptyAddress(address) || !address) {
    return <Typography color="text.secondary">{t('customers.detail.noAddress')}</Typography>;
  }
  const lines = [
    address.line1,
    address.line2,
    [address.city, address.region, address.postalCode].filter(Boolean).join(' '),
    address.country,
  ].filter(Boolean);
  return (
    <Typography component="address" sx={{ fontStyle: 'normal', whiteSpace: 'pre-line' }}>
      {lines.join('\n')}
    </Typography>
  );
}

function Overview({ customer }: { customer: Customer }) {
  const { t } = useTranslation();
  const pct = (value: number | null, fallback: string) => (value === null ? fallback : `${value}%`);
  const margin = customer.marginPct ?? DEFAULT_MARGIN_PCT;
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
      }}
    >
      <Card title={t('customers.form.sections.contacts')}>
        {customer.contacts.length === 0 ? (
          <Typography color="text.secondary">{t('customers.detail.noContacts')}</Typography>
        ) : (
          <Stack spacing={1.5}>
            {customer.contacts.map((c) => (
              <Box key={`${c.name}-${c.email}`}>
                <Typography sx={{ fontWeight: 600 }}>
                  {c.name}
                  {c.role ? (
                    <Typography component="span" color="text.secondary">
                      {' '}
                      · {c.role}
                    </Typography>
                  ) : null}
                </Typography>
                {c.email ? (
                  <Link href={`mailto:${c.email}`} sx={{ display: 'block', overflowWrap: 'anywhere' }}>
                    {c.email}
                  </Link>
                ) : null}
                {c.phone ? (
                  <Link href={`tel:${c.phone.replace(/[^0-9+]/g, '')}`} sx={{ display: 'block' }}>
                    {c.phone}
                  </Link>
                ) : null}
              </Box>
            ))}
          </Stack>
        )}
      </Card>
      <Card title={t('customers.detail.terms')}>
        <Typography>
          {t('customers.fields.marginPct')}:{' '}
          <strong>
            {pct(customer.marginPct, t('customers.detail.defaultMargin', { pct: DEFAULT_MARGIN_PCT }))}
          </strong>{' '}
          <Typography component="span" color="text.secondary" variant="body2">
            ({markupForMargin(margin)}% markup)
          </Typography>
        </Typography>
        <Typography>
          {t('customers.fields.discountPct')}:{' '}
          <strong>{pct(customer.discountPct, t('customers.detail.none'))}</strong>
        </Typography>
        {customer.productGroupTerms.map((g) => (
          <Typography key={g.productGroup} variant="body2" color="text.secondary">
            {g.productGroup}: {pct(g.marginPct ?? null, '—')} / {pct(g.discountPct ?? null, '—')}
          </Typography>
        ))}
        <Typography sx={{ mt: 1 }}>
          {t('customers.fields.currency')}: <strong>{customer.currency}</strong> ·{' '}
          {customer.taxExempt ? t('customers.detail.taxExempt') : t('customers.detail.taxed')}
          {customer.taxNumber ? ` · ${customer.taxNumber}` : ''}
        </Typography>
        {customer.taxExempt ? null : (
          <Typography>
            {t('customers.detail.taxes')}:{' '}
            <strong>
              {customer.taxes.length === 0
                ? t('customers.detail.noTaxes')
                : customer.taxes.map((tax) => `${tax.name} ${tax.ratePct}%`).join(' · ')}
            </strong>
          </Typography>
        )}
        <PriceListLine priceListId={customer.priceListId} />
      </Card>
      <Card title={t('customers.form.sections.billing')}>
        <AddressText address={customer.billingAddress} />
      </Card>
      <Card title={t('customers.form.sections.shipping')}>
        {isEmptyAddress(customer.shippingAddress) ? (
          <Typography color="text.secondary">{t('customers.detail.sameAsBilling')}</Typography>
        ) : (
          <AddressText address={customer.shippingAddress} />
        )}
      </Card>
      {customer.notes || customer.erpId ? (
        <Card title={t('customers.form.sections.other')}>
          {customer.notes ? <Typography sx={{ whiteSpace: 'pre-line' }}>{customer.notes}</Typography> : null}
          {customer.erpId ? (
            <Typography color="text.secondary" sx={{ mt: 1 }}>
              <ErpIcon />
              {t('customers.fields.erpId')}: {customer.erpId}
            </Typography>
          ) : null}
        </Card>
      ) : null}
    </Box>
  );
}

/** The price list that prices the customer's estimates (enterprise shops), by name, linking to it. */
function PriceListLine({ priceListId }: { priceListId: string | null }) {
  const { t } = useTranslation();
  const { access } = useViewer();
  const tier = access?.subscription?.tier;
  const isEnterprise = tier !== undefined && ENTERPRISE_TIERS.includes(tier);
  const list = useQuery({
    ...priceListQuery(priceListId ?? ''),
    enabled: isEnterprise && Boolean(priceListId),
  });
  if (!isEnterprise) return null;
  return (
    <Typography>
      {t('customers.detail.priceList')}:{' '}
      {priceListId ? (
        <Link href={priceListPath(encodeURIComponent(priceListId))} sx={{ fontWeight: 600 }}>
          {list.data?.name ?? (list.isError ? t('customers.detail.priceListOpen') : t('common.loading'))}
        </Link>
      ) : (
        <strong>{t('customers.detail.none')}</strong>
      )}
    </Typography>
  );
}

function Builds({
  customerId,
  kind,
  action,
  text,
}: {
  customerId: string;
  kind: 'assemblies' | 'kits';
  action: ReactNode;
  text: string;
}) {
  // The customer's builds, newest first, from the same lists the assemblies and kits pages read.
  const builds = { customerId, itemsPerPage: 100 };
  const assemblies = useQuery({ ...assemblyListQuery(builds), enabled: kind === 'assemblies' });
  const kits = useQuery({ ...kitListQuery(builds), enabled: kind === 'kits' });
  const query = kind === 'assemblies' ? assemblies : kits;
  const rows = (query.data?.items ?? []) as { _id: string; title: string; description: string }[];
  const base = kind === 'assemblies' ? '/hoseassembly' : '/hosekit';
  return (
    <Stack spacing={2}>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography color="text.secondary" sx={{ flex: '1 1 240px' }}>
          {text}
        </Typography>
        {action}
      </Box>
      {query.isPending ? (
        <Skeleton width="50%" />
      ) : query.isError ? (
        <Alert severity="error">{query.error.message}</Alert>
      ) : rows.length > 0 ? (
        <Paper variant="outlined">
          <List disablePadding>
            {rows.map((row) => (
              <ListItemButton key={row._id} href={`${base}/${encodeURIComponent(row._id)}`} divider>
                <ListItemText primary={row.title} secondary={row.description || undefined} />
              </ListItemButton>
            ))}
          </List>
        </Paper>
      ) : null}
    </Stack>
  );
}

/**
 * The customer's work orders, newest first (the work order list's own query), each with its status and due
 * day, and a new one for this customer. Work order pages live in their own feature: this links to them.
 */
function WorkOrders({ customer }: { customer: Customer }) {
  const { t } = useTranslation();
  const list = useQuery(
    workOrderListQuery({ customerId: customer._id, itemsPerPage: 100, sort: 'createdAt', order: 'desc' }),
  );
  const rows = list.data?.items ?? [];
  return (
    <Stack spacing={2}>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography color="text.secondary" sx={{ flex: '1 1 240px' }}>
          {t('workOrders.customerTab.text')}
        </Typography>
        <Button
          variant="contained"
          startIcon={<AssignmentOutlinedIcon />}
          href={`/workorders/new?customerId=${encodeURIComponent(customer._id)}`}
        >
          {t('workOrders.customerTab.new')}
        </Button>
      </Box>
      {list.isPending ? (
        <Skeleton width="50%" />
      ) : list.isError ? (
        <Alert severity="error">{list.error.message}</Alert>
      ) : rows.length === 0 ? (
        <Typography color="text.secondary">{t('workOrders.customerTab.none')}</Typography>
      ) : (
        <Paper variant="outlined">
          <List disablePadding aria-label={t('workOrders.customerTab.label', { name: customer.name })}>
            {rows.map((row) => (
              <ListItemButton key={row._id} href={`/workorder/${encodeURIComponent(row._id)}`} divider>
                <ListItemText
                  primary={
                    <Box
                      component="span"
                      sx={{ display: 'inline-flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}
                    >
                      <Box component="span" sx={{ fontWeight: 600 }}>
                        {row.number}
                      </Box>
                      <Chip component="span" size="small" label={t(`workOrders.status.${row.status}`)} />
                    </Box>
                  }
                  secondary={
                    [
                      row.description,
                      row.dueDate
                        ? t('workOrders.customerTab.due', {
                            date: formatShortDate(`${row.dueDate}T00:00:00`),
                          })
                        : '',
                    ]
                      .filter(Boolean)
                      .join(' · ') || undefined
                  }
                />
              </ListItemButton>
            ))}
          </List>
        </Paper>
      )}
    </Stack>
  );
}

/**
 * The customer's sales estimates, newest first (the estimate list's own query), each with its status and
 * total, and a new one for this customer. Estimate pages live in their own feature: this links to them.
 */
function SalesEstimates({ customer }: { customer: Customer }) {
  const { t } = useTranslation();
  const list = useQuery(
    estimateListQuery({ customerId: customer._id, itemsPerPage: 100, sort: 'createdAt', order: 'desc' }),
  );
  const rows = list.data?.items ?? [];
  return (
    <Stack spacing={2}>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography color="text.secondary" sx={{ flex: '1 1 240px' }}>
          {t('estimates.customerTab.text')}
        </Typography>
        <Button
          variant="contained"
          startIcon={<AddIcon />}
          href={`/customer/${encodeURIComponent(customer._id)}/salesestimates/new`}
        >
          {t('estimates.new')}
        </Button>
      </Box>
      {list.isPending ? (
        <Skeleton width="50%" />
      ) : list.isError ? (
        <Alert severity="error">{list.error.message}</Alert>
      ) : rows.length === 0 ? (
        <Typography color="text.secondary">{t('estimates.customerTab.none')}</Typography>
      ) : (
        <Paper variant="outlined">
          <List disablePadding aria-label={t('estimates.customerTab.label', { name: customer.name })}>
            {rows.map((row) => (
              <ListItemButton key={row._id} href={`/salesestimate/${encodeURIComponent(row._id)}`} divider>
                <ListItemText
                  primary={
                    <Box
                      component="span"
                      sx={{ display: 'inline-flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}
                    >
                      <Box component="span" sx={{ fontWeight: 600 }}>
                        {row.revision > 1
                          ? `${row.number} ${t('estimates.rev', { revision: row.revision })}`
                          : row.number}
                      </Box>
                      <Chip component="span" size="small" label={t(`estimates.status.${row.status}`)} />
                      <span>{formatMoney(fromMinorUnits(row.total, row.currency), row.currency)}</span>
                    </Box>
                  }
                  secondary={
                    [row.description, formatShortDate(`${row.estimateDate}T00:00:00`)]
                      .filter(Boolean)
                      .join(' · ') || undefined
                  }
                />
              </ListItemButton>
            ))}
          </List>
        </Paper>
      )}
    </Stack>
  );
}
