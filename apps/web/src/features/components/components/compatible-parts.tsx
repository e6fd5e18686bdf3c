import type { CompatiblePartsAnswer, Exclusion } from '@hosewright/domain';
import BlockIcon from '@mui/icons-material/Block';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutline';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { compatiblePartsQuery } from '@/api/components';
import { useUnits } from '@/lib/use-units';
import { endTypeLabel, formatAngle, formatDash, formatGender } from '../lib/format';
import { detailRoute } from '../lib/kinds';

/**
 * On the hose page (`getCompatibleParts`, decided by `matchParts`): the fittings and ferrules that fit this
 * hose (same maker, series, dash and skive), each fitting with the ferrule it is crimped with and the
 * assembly's maximum working pressure for that end; and, collapsed, every item that does not fit with every reason. Nothing is silently hidden.
 */
export function CompatibleParts({ hoseId }: { hoseId: string }) {
  const { t } = useTranslation();
  const headingId = useId();
  const parts = useQuery(compatiblePartsQuery(hoseId));

  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id={headingId} variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('components.compatible.title')}
      </Typography>
      {parts.isPending ? (
        <Box role="status" aria-label={t('common.loading')}>
          <Skeleton width="70%" />
          <Skeleton width="50%" />
        </Box>
      ) : parts.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" onClick={() => parts.refetch()}>
              {t('common.retry')}
            </Button>
          }
        >
          {t('components.compatible.loadFailed')} {parts.error.message}
        </Alert>
      ) : (
        <CompatiblePartsContent data={parts.data} />
      )}
    </Paper>
  );
}

function CompatiblePartsContent({ data }: { data: CompatiblePartsAnswer }) {
  const { t } = useTranslation();
  const units = useUnits();
  const fits = data.fittings.filter((m) => m.compatible);
  const fittingMisfits = data.fittings.filter((m) => !m.compatible);
  const ferrules = data.ferrules.filter((m) => m.compatible);
  const ferruleMisfits = data.ferrules.filter((m) => !m.compatible);
  const misfitCount = fittingMisfits.length + ferruleMisfits.length;

  return (
    <Stack spacing={2}>
      <Typography variant="body2" color="text.secondary">
        {data.series
          ? t('components.compatible.seriesNote', {
              series: data.series.code,
              brand: data.series.brand || data.hose.brand,
              skive: data.series.skive
                ? t('components.compatible.skived')
                : t('components.compatible.notSkived'),
            })
          : t('components.compatible.unknownSeries', { series: data.hose.series })}
      </Typography>

      {fits.length === 0 ? (
        <Alert severity="warning">{t('components.compatible.noFittings')}</Alert>
      ) : (
        <Box component="ul" aria-label={t('components.compatible.fittings')} sx={listSx}>
          {fits.map((match) => (
            <Box component="li" key={match.item._id} sx={rowSx}>
              <CheckCircleOutlineIcon color="success" aria-hidden sx={{ mt: 0.25 }} />
              <Box sx={{ minWidth: 0, flex: 1 }}>
                <Link href={detailRoute('crimpFitting', match.item._id)} sx={{ fontWeight: 600 }}>
                  {match.item.partNumber}
                </Link>{' '}
                <Typography component="span" variant="body2" color="text.secondary">
                  {[
                    endTypeLabel(match.item.endType),
                    formatGender(t, match.item.gender),
                    formatAngle(t, match.item.angle),
                    formatDash(match.item.dash),
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </Typography>
                <Typography variant="body2">
                  {match.ferrule ? (
                    <>
                      {t('components.compatible.withFerrule')}{' '}
                      <Link href={detailRoute('ferrule', match.ferrule._id)}>{match.ferrule.partNumber}</Link>
                    </>
                  ) : (
                    t('components.compatible.noFerruleNeeded')
                  )}
                </Typography>
              </Box>
              {match.maxWorkingPressurePsi !== null ? (
                <Chip
                  size="small"
                  color="primary"
                  variant="outlined"
                  label={t('components.compatible.maxPressure', {
                    pressure: units.pressure(match.maxWorkingPressurePsi),
                  })}
                />
              ) : null}
            </Box>
          ))}
        </Box>
      )}

      {ferrules.length > 0 ? (
        <Box>
          <Typography variant="subtitle2" component="h3">
            {t('components.compatible.ferrules')}
          </Typography>
          <Box component="ul" aria-label={t('components.compatible.ferrules')} sx={listSx}>
            {ferrules.map((match) => (
              <Box component="li" key={match.item._id} sx={rowSx}>
                <CheckCircleOutlineIcon color="success" aria-hidden sx={{ mt: 0.25 }} />
                <Box sx={{ minWidth: 0 }}>
                  <Link href={detailRoute('ferrule', match.item._id)} sx={{ fontWeight: 600 }}>
                    {match.item.partNumber}
                  </Link>{' '}
                  <Typography component="span" variant="body2" color="text.secondary">
                    {match.item.description}
                  </Typography>
                </Box>
              </Box>
            ))}
          </Box>
        </Box>
      ) : null}

      {misfitCount > 0 ? (
        <Accordion variant="outlined" disableGutters slotProps={{ transition: { unmountOnExit: false } }}>
          <AccordionSummary expandIcon={<ExpandMoreIcon />}>
            <Typography component="h3" sx={{ fontWeight: 600 }}>
              {t('components.compatible.notCompatible', { count: misfitCount })}
            </Typography>
          </AccordionSummary>
          <AccordionDetails>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              {t('components.compatible.notCompatibleHelp')}
            </Typography>
            <Box component="ul" aria-label={t('components.compatible.notCompatibleList')} sx={listSx}>
              {fittingMisfits.map((match) => (
                <Misfit
                  key={match.item._id}
                  href={detailRoute('crimpFitting', match.item._id)}
                  partNumber={match.item.partNumber}
                  kindLabel={t('components.kinds.crimpFitting.label')}
                  exclusions={match.exclusions}
                />
              ))}
              {ferruleMisfits.map((match) => (
                <Misfit
                  key={match.item._id}
                  href={detailRoute('ferrule', match.item._id)}
                  partNumber={match.item.partNumber}
                  kindLabel={t('components.kinds.ferrule.label')}
                  exclusions={match.exclusions}
                />
              ))}
            </Box>
          </AccordionDetails>
        </Accordion>
      ) : null}
    </Stack>
  );
}

function Misfit({
  href,
  partNumber,
  kindLabel,
  exclusions,
}: {
  href: string;
  partNumber: string;
  kindLabel: string;
  exclusions: readonly Exclusion[];
}) {
  return (
    <Box component="li" sx={rowSx}>
      <BlockIcon color="error" aria-hidden sx={{ mt: 0.25 }} />
      <Box sx={{ minWidth: 0 }}>
        <Link href={href} sx={{ fontWeight: 600 }}>
          {partNumber}
        </Link>{' '}
        <Typography component="span" variant="body2" color="text.secondary">
          {kindLabel}
        </Typography>
        <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
          {exclusions.map((exclusion) => (
            <Typography component="li" variant="body2" key={exclusion.code}>
              {exclusion.message}
            </Typography>
          ))}
        </Box>
      </Box>
    </Box>
  );
}

const listSx = { listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 } as const;
const rowSx = {
  display: 'flex',
  alignItems: 'flex-start',
  gap: 1,
  flexWrap: 'wrap',
  py: 1,
  borderBottom: 1,
  borderColor: 'divider',
  '&:last-of-type': { borderBottom: 0 },
} as const;
