import { SNACKBAR_DEFAULT_TIMEOUT_MS, SNACKBAR_DISPLAY_MS } from '@hosewright/domain';
import CloseIcon from '@mui/icons-material/Close';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Snackbar from '@mui/material/Snackbar';
import SnackbarContent from '@mui/material/SnackbarContent';
import { useTranslation } from 'react-i18next';
import { type SnackbarKind, useSnackbarStore } from '@/lib/snackbar-store';
import { brand } from '@/lib/theme';

const KINDS: readonly SnackbarKind[] = ['success', 'warning', 'note'];

/**
 * Renders the three snackbars of the store. Success and note go after `SNACKBAR_DISPLAY_MS`;
 * a warning stays for the UI default of 5 s because it usually needs reading.
 */
export function SnackbarHost() {
  const { t } = useTranslation();
  const store = useSnackbarStore();
  return (
    <>
      {KINDS.map((kind) => {
        const entry = store[kind];
        const colours = brand.snackbar[kind];
        return (
          <Snackbar
            key={kind}
            open={entry.show}
            autoHideDuration={kind === 'warning' ? SNACKBAR_DEFAULT_TIMEOUT_MS : SNACKBAR_DISPLAY_MS}
            onClose={(_event, reason) => {
              if (reason !== 'clickaway') store.clear(kind);
            }}
            anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
            sx={{ bottom: { xs: 72, sm: 24 } }}
          >
            <SnackbarContent
              role={kind === 'warning' ? 'alert' : 'status'}
              sx={{ backgroundColor: colours.background, color: colours.text }}
              message={entry.message}
              action={
                <>
                  {entry.url ? (
                    <Button
                      href={entry.url}
                      size="small"
                      sx={{ color: colours.text }}
                      onClick={() => store.clear(kind)}
                    >
                      {t('common.open')}
                    </Button>
                  ) : null}
                  <IconButton
                    size="small"
                    aria-label={t('common.close')}
                    sx={{ color: colours.text }}
                    onClick={() => store.clear(kind)}
                  >
                    <CloseIcon fontSize="small" />
                  </IconButton>
                </>
              }
            />
          </Snackbar>
        );
      })}
    </>
  );
}
