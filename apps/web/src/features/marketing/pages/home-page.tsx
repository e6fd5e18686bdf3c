import { TRIAL_DAYS } from '@hosewright/domain';
import AssignmentOutlinedIcon from '@mui/icons-material/AssignmentOutlined';
import BuildIcon from '@mui/icons-material/Build';
import PeopleOutlineIcon from '@mui/icons-material/PeopleOutline';
import QrCode2Icon from '@mui/icons-material/QrCode2';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useViewer } from '@/lib/use-viewer';
import { ContactForm } from '../components/contact-form';
import { StartTrialActions } from '../components/start-trial-actions';

const POINTS = [
  { icon: BuildIcon, title: 'home.points.build.title', text: 'home.points.build.text' },
  { icon: QrCode2Icon, title: 'home.points.tag.title', text: 'home.points.tag.text' },
  { icon: PeopleOutlineIcon, title: 'home.points.customers.title', text: 'home.points.customers.text' },
  { icon: AssignmentOutlinedIcon, title: 'home.points.grow.title', text: 'home.points.grow.text' },
] as const;

/** The public landing page: what Hosewright does for a hose shop, and the way in. Kept light on purpose. */
export function HomePage() {
  const { t } = useTranslation();
  const { isAuthenticated } = useViewer();
  return (
    <Stack spacing={{ xs: 4, sm: 6 }}>
      <Box
        component="section"
        aria-labelledby="home-title"
        sx={{
          bgcolor: 'primary.main',
          color: 'primary.contrastText',
          borderRadius: 2,
          px: { xs: 2.5, sm: 6 },
          py: { xs: 4, sm: 7 },
        }}
      >
        <Stack spacing={2.5} sx={{ maxWidth: 760 }}>
          <Typography
            id="home-title"
            variant="h3"
            component="h1"
            sx={{ fontWeight: 700, fontSize: { xs: '2rem', sm: '2.8rem' } }}
          >
            {t('home.headline')}
          </Typography>
          <Typography variant="h6" component="p" sx={{ fontWeight: 400, opacity: 0.92 }}>
            {t('home.lead')}
          </Typography>
          <StartTrialActions />
          {!isAuthenticated && (
            <Typography variant="body2" sx={{ opacity: 0.85 }}>
              {t('home.trialNote', { days: TRIAL_DAYS })}
            </Typography>
          )}
        </Stack>
      </Box>

      <Box component="section" aria-labelledby="home-points">
        <Typography id="home-points" variant="h5" component="h2" sx={{ mb: 2, fontWeight: 600 }}>
          {t('home.pointsTitle')}
        </Typography>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          {POINTS.map(({ icon: Icon, title, text }) => (
            <Paper key={title} variant="outlined" sx={{ p: { xs: 2, sm: 3 }, display: 'flex', gap: 2 }}>
              <Icon color="primary" sx={{ fontSize: 36, flexShrink: 0 }} aria-hidden />
              <Box>
                <Typography variant="h6" component="h3">
                  {t(title)}
                </Typography>
                <Typography color="text.secondary">{t(text)}</Typography>
              </Box>
            </Paper>
          ))}
        </Box>
      </Box>

      <Box component="section">
        <Typography>
          {t('home.pricingLead')} <Link href="/features">{t('home.pricingLink')}</Link>
        </Typography>
      </Box>

      <Box component="section" aria-labelledby="home-contact">
        <Typography id="home-contact" variant="h5" component="h2" gutterBottom>
          {t('site.home.contactTitle')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2, maxWidth: 640 }}>
          {t('site.home.contactLead')}
        </Typography>
        <ContactForm />
      </Box>
    </Stack>
  );
}
