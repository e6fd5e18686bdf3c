import { TERMS_VERSION } from '@hosewright/domain';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { termsQuery, useAcceptTerms } from '@/api/organization';
import { useViewer } from '@/lib/use-viewer';

const PARAGRAPHS = ['terms.p1', 'terms.p2', 'terms.p3', 'terms.p4'] as const;

/**
 * Asks a signed-in admin whose organisation has not accepted the terms of service in force to read and accept
 * them (`/hasacceptedterms`, `/acceptterms`); nobody else sees it, and it leaves once they are accepted. It
 * sticks to the bottom of the screen, `bottom` pixels up (above the phone's navigation bar).
 */
export function TermsBanner({ bottom = 0 }: { bottom?: number }) {
  const { t } = useTranslation();
  const { isAuthenticated, access } = useViewer();
  const isAdmin = isAuthenticated && (access?.roles.includes('admin') ?? false);
  const accepted = useQuery({ ...termsQuery(), enabled: isAdmin });
  const accept = useAcceptTerms();
  const [open, setOpen] = useState(false);
  if (!isAdmin || accepted.data !== false) return null;
  return (
    <>
      <Alert
        severity="info"
        square
        variant="standard"
        sx={{ position: 'sticky', bottom, zIndex: (th) => th.zIndex.appBar - 1, boxShadow: 6 }}
        action={
          <Button color="inherit" onClick={() => setOpen(true)} sx={{ fontWeight: 700, alignSelf: 'center' }}>
            {t('banner.terms.read')}
          </Button>
        }
      >
        <AlertTitle>{t('banner.terms.title')}</AlertTitle>
        {t('banner.terms.text')}
      </Alert>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        aria-labelledby="terms-title"
        fullWidth
        maxWidth="sm"
      >
        <DialogTitle id="terms-title">{t('terms.title')}</DialogTitle>
        <DialogContent dividers>
          <Typography variant="body2" color="text.secondary" gutterBottom>
            {t('terms.version', { version: TERMS_VERSION })}
          </Typography>
          {PARAGRAPHS.map((key) => (
            <Typography key={key} variant="body2" sx={{ mb: 1.5 }}>
              {t(key)}
            </Typography>
          ))}
          {accept.isError ? <Alert severity="error">{t('terms.failed')}</Alert> : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{t('terms.later')}</Button>
          <Button
            variant="contained"
            disabled={accept.isPending}
            onClick={() => accept.mutate(undefined, { onSuccess: () => setOpen(false) })}
          >
            {t('terms.accept')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
