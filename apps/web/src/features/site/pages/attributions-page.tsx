/** /attributions: the third-party packages Hosewright ships and their licences, generated at build time. */
import GavelOutlinedIcon from '@mui/icons-material/GavelOutlined';
import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { CentredProgress } from '@/components/centred-progress';
import { PageHeader } from '@/components/page-header';

const attributionsSchema = z.object({
  packages: z.array(
    z.object({ name: z.string(), version: z.string(), license: z.string(), repository: z.string() }),
  ),
});

export function AttributionsPage() {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const query = useQuery({
    queryKey: ['attributions'],
    queryFn: async () => {
      const response = await fetch('/attributions.json');
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      return attributionsSchema.parse(await response.json()).packages;
    },
    staleTime: Number.POSITIVE_INFINITY,
  });
  const needle = text.trim().toLowerCase();
  const shown = (query.data ?? []).filter(
    (p) => !needle || p.name.toLowerCase().includes(needle) || p.license.toLowerCase().includes(needle),
  );

  return (
    <Stack spacing={3}>
      <PageHeader
        title={t('site.attributions.title')}
        icon={<GavelOutlinedIcon />}
        subtitle={t('site.attributions.subtitle')}
      />
      {query.isPending ? <CentredProgress label={t('site.attributions.loading')} /> : null}
      {query.isError ? <Alert severity="error">{t('site.attributions.failed')}</Alert> : null}
      {query.data ? (
        <>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} alignItems={{ sm: 'center' }}>
            <TextField
              label={t('site.attributions.filter')}
              value={text}
              onChange={(event) => setText(event.target.value)}
              size="small"
            />
            <Typography color="text.secondary">
              {t('site.attributions.count', { count: shown.length })}
            </Typography>
          </Stack>
          {shown.length === 0 ? (
            <Typography>{t('site.attributions.none', { text })}</Typography>
          ) : (
            <Table size="small" aria-label={t('site.attributions.title')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('site.attributions.package')}</TableCell>
                  <TableCell>{t('site.attributions.version')}</TableCell>
                  <TableCell>{t('site.attributions.licence')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {shown.map((p) => (
                  <TableRow key={`${p.name}@${p.version}`}>
                    <TableCell sx={{ wordBreak: 'break-word' }}>
                      {p.repository.startsWith('http') ? (
                        <Link href={p.repository} target="_blank" rel="noopener noreferrer">
                          {p.name}
                        </Link>
                      ) : (
                        p.name
                      )}
                    </TableCell>
                    <TableCell>{p.version}</TableCell>
                    <TableCell>{p.license}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </>
      ) : null}
    </Stack>
  );
}
