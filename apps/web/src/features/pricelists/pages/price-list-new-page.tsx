import { type PriceListDetail, priceListPath } from '@hosewright/domain';
import RequestQuoteOutlinedIcon from '@mui/icons-material/RequestQuoteOutlined';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { BackLink } from '@/components/record-page';
import { useSnackbarStore } from '@/lib/snackbar-store';
import { DetailsForm } from '../components/details-form';

/** `/pricelists/new` (admins of an enterprise organisation): a list's name, currency and customers. */
export function PriceListNewPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const showSnackbar = useSnackbarStore((s) => s.show);
  const onSaved = (saved: PriceListDetail) => {
    showSnackbar('success', t('priceLists.form.created'));
    navigate(priceListPath(encodeURIComponent(saved._id)));
  };
  return (
    <Stack spacing={2} sx={{ minWidth: 0, maxWidth: 960 }}>
      <BackLink href="/pricelists">{t('priceLists.backToList')}</BackLink>
      <PageHeader title={t('priceLists.form.newTitle')} icon={<RequestQuoteOutlinedIcon />} />
      <DetailsForm onSaved={onSaved} onCancel={() => navigate('/pricelists')} />
    </Stack>
  );
}
