import { COMPONENT_KINDS, type ComponentKind } from '@hosewright/domain';
import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { componentListQuery } from '@/api/components';
import { formatNumber } from '@/lib/format';
import { hasCatalogue, listRoute, slugOf } from '../lib/kinds';
import { KindIcon } from './kind-icon';

/** Only the total is wanted: one row is the smallest page the list GET serves. */
const COUNT_QUERY = { page: 1, itemsPerPage: 1 };

/** One card per kind with its count and the ways into its list. */
export function KindCards() {
  const { t } = useTranslation();
  return (
    <Box
      component="section"
      aria-label={t('components.overview.kindsLabel')}
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: {
          xs: 'minmax(0, 1fr)',
          sm: 'repeat(2, minmax(0, 1fr))',
          md: 'repeat(3, minmax(0, 1fr))',
        },
      }}
    >
      {COMPONENT_KINDS.map((kind) => (
        <KindCard key={kind} kind={kind} />
      ))}
    </Box>
  );
}

function KindCard({ kind }: { kind: ComponentKind }) {
  const { t } = useTranslation();
  const all = useQuery(componentListQuery(kind, 'all', COUNT_QUERY));
  const plural = t(`components.kinds.${kind}.plural`);
  return (
    <Card
      variant="outlined"
      component="article"
      aria-label={plural}
      sx={{ display: 'flex', flexDirection: 'column' }}
    >
      <CardContent sx={{ flex: 1 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <KindIcon kind={kind} color="primary" />
          <Typography variant="h6" component="h3">
            <Link href={listRoute(kind)} underline="hover" color="inherit">
              {plural}
            </Link>
          </Typography>
        </Box>
        <Typography variant="h4" component="p" sx={{ fontWeight: 600, mt: 1 }}>
          {all.isPending ? <Skeleton width={60} /> : formatNumber(all.data?.total ?? 0)}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('components.overview.inLibrary')}
        </Typography>
      </CardContent>
      <CardActions sx={{ flexWrap: 'wrap', gap: 0.5 }}>
        {hasCatalogue(kind) ? (
          <>
            <Button size="small" href={listRoute(kind, 'catalogue')}>
              {t('components.origin.catalogue')}
            </Button>
            <Button size="small" href={listRoute(kind, 'custom')}>
              {t('components.origin.custom')}
            </Button>
          </>
        ) : null}
        <Button
          size="small"
          startIcon={<AddIcon />}
          href={`/${slugOf(kind)}/new`}
          aria-label={t('components.overview.addKind', {
            kind: t(`components.kinds.${kind}.label`).toLowerCase(),
          })}
        >
          {t('components.overview.add')}
        </Button>
      </CardActions>
    </Card>
  );
}
