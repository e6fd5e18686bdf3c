import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
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
import { couplingSeriesQuery } from '@/api/components';
import { formatNumber } from '@/lib/format';
import { listRoute } from '../lib/kinds';

/** Hidden on phones so the table fits 390 px without scrolling sideways. */
const WIDE_ONLY = { display: { xs: 'none', sm: 'table-cell' } } as const;

/** The coupling series in the library: which hoses, fittings and ferrules belong together (`matchParts`). */
export function CouplingSeriesTable() {
  const { t } = useTranslation();
  const headingId = useId();
  const series = useQuery(couplingSeriesQuery());

  const filtered = (kind: 'hose' | 'crimpFitting' | 'ferrule', code: string, brand: string) => {
    const query = new URLSearchParams({ series: code });
    if (brand) query.set('brand', brand);
    return `${listRoute(kind)}?${query.toString()}`;
  };

  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id={headingId} variant="h6" component="h2">
        {t('components.series.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('components.series.explain')}
      </Typography>
      {series.isPending ? (
        <Skeleton width="60%" />
      ) : series.isError ? (
        <Alert severity="error">
          {t('components.series.loadFailed')} {series.error.message}
        </Alert>
      ) : series.data.length === 0 ? (
        <Typography color="text.secondary">{t('components.series.none')}</Typography>
      ) : (
        <TableContainer>
          <Table size="small" aria-labelledby={headingId} sx={{ '& th, & td': { px: { xs: 0.75, sm: 2 } } }}>
            <TableHead>
              <TableRow>
                <TableCell>{t('components.series.code')}</TableCell>
                <TableCell>{t('components.fields.brand')}</TableCell>
                <TableCell sx={WIDE_ONLY}>{t('components.fields.description')}</TableCell>
                <TableCell sx={WIDE_ONLY}>{t('components.fields.skive')}</TableCell>
                <TableCell sx={WIDE_ONLY}>{t('components.fields.origin')}</TableCell>
                <TableCell align="right">{t('components.kinds.hose.plural')}</TableCell>
                <TableCell align="right">{t('components.series.fittings')}</TableCell>
                <TableCell align="right">{t('components.kinds.ferrule.plural')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {series.data.map((s) => (
                <TableRow key={s._id}>
                  <TableCell component="th" scope="row" sx={{ fontWeight: 600 }}>
                    {s.code}
                  </TableCell>
                  <TableCell>{s.brand}</TableCell>
                  <TableCell sx={WIDE_ONLY}>{s.description}</TableCell>
                  <TableCell sx={WIDE_ONLY}>
                    {s.skive ? t('components.values.yes') : t('components.values.no')}
                  </TableCell>
                  <TableCell sx={WIDE_ONLY}>
                    {s.origin === 'custom' ? t('components.origin.custom') : t('components.origin.catalogue')}
                  </TableCell>
                  <TableCell align="right">
                    <Link
                      href={filtered('hose', s.code, s.brand)}
                      aria-label={t('components.series.countLink', {
                        number: formatNumber(s.hoses),
                        kinds: t('components.kinds.hose.plural'),
                        code: s.code,
                      })}
                    >
                      {formatNumber(s.hoses)}
                    </Link>
                  </TableCell>
                  <TableCell align="right">
                    <Link
                      href={filtered('crimpFitting', s.code, s.brand)}
                      aria-label={t('components.series.countLink', {
                        number: formatNumber(s.crimpFittings),
                        kinds: t('components.series.fittings'),
                        code: s.code,
                      })}
                    >
                      {formatNumber(s.crimpFittings)}
                    </Link>
                  </TableCell>
                  <TableCell align="right">
                    <Link
                      href={filtered('ferrule', s.code, s.brand)}
                      aria-label={t('components.series.countLink', {
                        number: formatNumber(s.ferrules),
                        kinds: t('components.kinds.ferrule.plural'),
                        code: s.code,
                      })}
                    >
                      {formatNumber(s.ferrules)}
                    </Link>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Paper>
  );
}
