import MailOutlineIcon from '@mui/icons-material/MailOutline';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { useViewer } from '@/lib/use-viewer';
import { ContactForm } from '../components/contact-form';

/** /contact: the contact form of the public site. */
export function ContactPage() {
  const { t } = useTranslation();
  const { name, email } = useViewer();
  return (
    <Stack spacing={3}>
      <PageHeader title={t('contact.title')} icon={<MailOutlineIcon />} subtitle={t('contact.subtitle')} />
      <ContactForm defaultName={name} defaultEmail={email} />
    </Stack>
  );
}
