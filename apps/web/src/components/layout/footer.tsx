import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useViewer } from '@/lib/use-viewer';

/** The footer: year, company, affiliate note, disclaimer; attributions for signed-in users. */
export function Footer({ now = new Date() }: { now?: Date }) {
  const { t } = useTranslation();
  const { isAuthenticated } = useViewer();
  return (
    <Box
      component="footer"
      sx={{
        bgcolor: 'brand.footer',
        color: 'rgba(255,255,255,0.85)',
        px: { xs: 2, sm: 3 },
        py: 3,
        mt: 'auto',
      }}
    >
      <Box sx={{ maxWidth: 1200, mx: 'auto', display: 'grid', gap: 0.5 }}>
        <Typography variant="body2">
          © {now.getFullYear()} {t('footer.company')}
        </Typography>
        <Typography variant="body2">{t('footer.affiliate')}</Typography>
        <Typography variant="body2">{t('footer.disclaimer')}</Typography>
        {isAuthenticated ? (
          <Typography variant="body2">
            <Link href="/attributions" color="inherit">
              {t('footer.attributions')}
            </Link>
          </Typography>
        ) : null}
      </Box>
    </Box>
  );
}
