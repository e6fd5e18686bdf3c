import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { crimpSpecsQuery } from '@/api/components';
import { ScrollRegion } from '@/components/layout/scroll-region';
import { useUnits } from '@/lib/use-units';

/** Crimp diameters keep their precision: '24.65 mm', '0.970 in'. */
const DIAMETER = { inchDecimals: 3, mmDecimals: 2 } as const;

/** The crimped diameter, its tolerance and the die for this hose with each fitting series. */
export function CrimpSpecs({ hoseId }: { hoseId: string }) {
  const { t } = useTranslation();
  const units = useUnits();
  const headingId = useId();
  const specs = useQuery(crimpSpecsQuery(hoseId));

  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id={headingId} variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('components.crimpSpecs.title')}
      </Typography>
      {specs.isPending ? (
        <Skeleton width="60%" />
      ) : specs.isError ? (
        <Alert severity="error">
          {t('components.crimpSpecs.loadFailed')} {specs.error.message}
        </Alert>
      ) : specs.data.length === 0 ? (
        <Typography color="text.secondary">{t('components.crimpSpecs.none')}</Typography>
      ) : (
        <TableContainer component={ScrollRegion} aria-labelledby={headingId}>
          <Table size="small" aria-labelledby={headingId}>
            <TableHead>
              <TableRow>
                <TableCell>{t('components.crimpSpecs.fittingSeries')}</TableCell>
                <TableCell align="right">{t('components.crimpSpecs.crimpOd')}</TableCell>
                <TableCell>{t('components.crimpSpecs.die')}</TableCell>
                <TableCell>{t('components.crimpSpecs.revision')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {specs.data.map((spec) => (
                <TableRow key={spec._id}>
                  <TableCell>{spec.fittingSeries}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {`${units.length(spec.crimpOdMm, { ...DIAMETER, unit: false })} ± ${units.length(
                      spec.toleranceMm,
                      DIAMETER,
                    )}`}
                  </TableCell>
                  <TableCell>{spec.die}</TableCell>
                  <TableCell>{spec.revision}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Paper>
  );
}
