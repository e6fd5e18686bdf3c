import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useSearchSheetStore } from '../lib/search-sheet-store';
import { GlobalSearchPanel } from './global-search';

/** On phones the search menu sits in a bottom sheet. */
export function SearchSheet() {
  const { t } = useTranslation();
  const isOpen = useSearchSheetStore((s) => s.isOpen);
  const setOpen = useSearchSheetStore((s) => s.setOpen);
  return (
    <Drawer
      anchor="bottom"
      open={isOpen}
      onClose={() => setOpen(false)}
      slotProps={{
        paper: {
          'aria-label': t('search.sheetLabel'),
          sx: { borderTopLeftRadius: 16, borderTopRightRadius: 16, height: '85dvh' },
        } as object,
      }}
    >
      <Box role="search" sx={{ p: 2, pb: 'calc(16px + env(safe-area-inset-bottom))' }}>
        <Typography variant="subtitle2" color="text.secondary" sx={{ mb: 1.5 }}>
          {t('search.sheetTitle')}
        </Typography>
        <GlobalSearchPanel onNavigate={() => setOpen(false)} />
      </Box>
    </Drawer>
  );
}
