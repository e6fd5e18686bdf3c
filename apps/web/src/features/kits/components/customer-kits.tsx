/**
 * A customer's kits, for the customer page's "Hose kits" tab: the latest revision of each, newest first,
 * and a button that starts a kit with the customer chosen.
 */
import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { toQueryString } from '@/lib/query-string';
import { useKitList } from '../api/kits';

export function CustomerKits({ customerId }: { customerId: string }) {
  const { t } = useTranslation();
  const list = useKitList(
    toQueryString({ customerId, itemsPerPage: '100', sort: 'updatedAt', order: 'desc' }),
  );
  const items = list.data?.items ?? [];
  const total = list.data?.total ?? 0;
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <Box
        sx={{
          display: 'flex',
          gap: 1,
          flexWrap: 'wrap',
          justifyContent: 'space-between',
          alignItems: 'center',
        }}
      >
        <Typography variant="h6" component="h2" sx={{ fontSize: '1.1rem' }}>
          {t('kits.customer.title')}
        </Typography>
        <Button variant="outlined" startIcon={<AddIcon />} href={`/customer/${customerId}/hosekits/new`}>
          {t('kits.customer.new')}
        </Button>
      </Box>
      {list.isPending ? <LinearProgress aria-label={t('kits.customer.loading')} /> : null}
      {list.isError ? <Alert severity="error">{t('kits.list.failed')}</Alert> : null}
      {!list.isPending && !list.isError && items.length === 0 ? (
        <Paper variant="outlined" sx={{ p: 2 }} role="status">
          <Typography color="text.secondary">{t('kits.customer.empty')}</Typography>
        </Paper>
      ) : null}
      {items.length ? (
        <Paper variant="outlined">
          <List aria-label={t('kits.customer.title')}>
            {items.map((kit) => (
              <ListItemButton key={kit._id} href={`/hosekit/${kit._id}`}>
                <ListItemText
                  primary={kit.title}
                  secondary={[
                    kit.description,
                    kit.machine,
                    kit.released ? t('kits.status.released') : t('kits.status.draft'),
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                />
              </ListItemButton>
            ))}
          </List>
        </Paper>
      ) : null}
      {total > items.length ? (
        <Button href={`/hosekits?customerId=${customerId}`} sx={{ justifySelf: 'start' }}>
          {t('kits.customer.all', { count: total })}
        </Button>
      ) : null}
    </Box>
  );
}
