import type { Customer } from '@hosewright/domain';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { customerQuery } from '@/api/customers';
import { CentredProgress } from '@/components/centred-progress';
import { PageHeader } from '@/components/page-header';
import { BackLink } from '@/components/record-page';
import { isApiError } from '@/lib/api';
import { useSnackbarStore } from '@/lib/snackbar-store';
import { CustomerForm } from '../components/customer-form';

/** `/customers/new` and `/customer/{customerId}/edit` (regular or admin). */
export function CustomerEditPage() {
  const { t } = useTranslation();
  const { customerId } = useParams();
  const navigate = useNavigate();
  const showSnackbar = useSnackbarStore((s) => s.show);
  const isNew = customerId === undefined;
  const customer = useQuery(customerQuery(customerId ?? ''));
  const back = isNew ? '/customers' : `/customer/${encodeURIComponent(customerId)}`;

  const onSaved = (saved: Customer) => {
    showSnackbar('success', t('customers.form.saved'));
    navigate(`/customer/${encodeURIComponent(saved._id)}`);
  };

  return (
    <Stack spacing={2} sx={{ minWidth: 0, maxWidth: 960 }}>
      <BackLink href={back}>
        {isNew ? t('customers.backToList') : (customer.data?.name ?? t('customers.backToList'))}
      </BackLink>
      <PageHeader
        title={
          isNew
            ? t('customers.form.newTitle')
            : t('customers.form.editTitle', { name: customer.data?.name ?? '' })
        }
        icon={<PersonAddIcon />}
      />
      {isNew ? (
        <CustomerForm onSaved={onSaved} onCancel={() => navigate(back)} />
      ) : customer.isPending ? (
        <CentredProgress label={t('common.loading')} />
      ) : customer.isError ? (
        <Alert severity={isApiError(customer.error, 'NOT_FOUND') ? 'info' : 'error'}>
          {isApiError(customer.error, 'NOT_FOUND')
            ? t('customers.form.notFound')
            : `${t('customers.form.loadFailed')} ${customer.error.message}`}
        </Alert>
      ) : (
        <CustomerForm
          key={customer.data._id}
          customer={customer.data}
          onSaved={onSaved}
          onCancel={() => navigate(back)}
        />
      )}
    </Stack>
  );
}
