import LibraryAddOutlinedIcon from '@mui/icons-material/LibraryAddOutlined';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { componentItemsQuery, sampleDataQuery, useLoadSampleData } from '@/api/components';
import { formatNumber } from '@/lib/format';
import { snackbar } from '@/lib/snackbar-store';
import { useViewer } from '@/lib/use-viewer';

/** What the library holds: the sample catalogue (loaded or not) and how many items are the shop's own. */
export function useLibraryContents() {
  const sample = useQuery(sampleDataQuery());
  const own = useQuery(componentItemsQuery({ origin: 'custom', itemsPerPage: 1 }));
  const isPending = sample.isPending || own.isPending;
  const isError = sample.isError || own.isError;
  const sampleCount = sample.data?.loaded ? sample.data.count : 0;
  const ownCount = own.data?.total ?? 0;
  return {
    isPending,
    isError,
    sampleCount,
    ownCount,
    isEmpty: !isPending && !isError && sampleCount + ownCount === 0,
  };
}

export interface LibraryOfferProps {
  /**
   * `empty`: only when the library holds nothing (first sign-in, an empty list); `always`: also say what it
   * holds (where a search found nothing, so the shop can tell whether its library is the reason).
   */
  show?: 'empty' | 'always';
}

/**
 * The first-run offer: says which catalogue the shop has (none, the sample, its own, or both) and, while the
 * library is empty, loads the sample catalogue in one click (admins; the `loadSampleData` contract) or starts an
 * import. Members are told to ask an admin.
 */
export function LibraryOffer({ show = 'empty' }: LibraryOfferProps) {
  const { t } = useTranslation();
  const { access } = useViewer();
  const isAdmin = access?.roles.includes('admin') ?? false;
  const contents = useLibraryContents();
  const load = useLoadSampleData();

  // Where it is only an offer, a library that cannot be checked is no reason to show anything.
  if (show === 'empty' && !contents.isEmpty) return null;

  const onLoad = async () => {
    try {
      const result = await load.mutateAsync();
      snackbar.success(t('library.loaded', { count: result.count }));
    } catch (error) {
      snackbar.warning(error instanceof Error ? error.message : undefined);
    }
  };

  const { sampleCount, ownCount } = contents;
  const holds =
    ownCount > 0 && sampleCount > 0
      ? t('library.hasBoth', { count: ownCount, formatted: formatNumber(ownCount) })
      : ownCount > 0
        ? t('library.hasOwn', { count: ownCount, formatted: formatNumber(ownCount) })
        : t('library.hasSample', { count: sampleCount, formatted: formatNumber(sampleCount) });

  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="library-offer-title"
      sx={{ p: { xs: 2, sm: 3 } }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
        <LibraryAddOutlinedIcon color="primary" aria-hidden />
        <Typography id="library-offer-title" variant="h6" component="h2">
          {t('library.title')}
        </Typography>
      </Box>
      {contents.isPending ? (
        <Skeleton width="50%" />
      ) : contents.isError ? (
        <Alert severity="error">{t('library.checkFailed')}</Alert>
      ) : contents.isEmpty ? (
        <>
          <Typography>{t(isAdmin ? 'library.empty' : 'library.emptyMember')}</Typography>
          {isAdmin ? (
            <>
              <Typography color="text.secondary" sx={{ mt: 1 }}>
                {t('library.offer')}
              </Typography>
              <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 2, flexWrap: 'wrap' }}>
                <Button
                  variant="contained"
                  onClick={() => void onLoad()}
                  disabled={load.isPending}
                  startIcon={load.isPending ? <CircularProgress size={16} aria-hidden /> : undefined}
                >
                  {load.isPending ? t('library.loading') : t('library.load')}
                </Button>
                <Button variant="outlined" startIcon={<UploadFileIcon />} href="/components/import">
                  {t('library.import')}
                </Button>
              </Stack>
            </>
          ) : null}
        </>
      ) : (
        <Typography>{holds}</Typography>
      )}
    </Paper>
  );
}
