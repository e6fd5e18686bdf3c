import { drawingModelOf, evaluateAccess, matchRoute, type PublicAssembly } from '@hosewright/domain';
import LaunchIcon from '@mui/icons-material/Launch';
import QrCodeIcon from '@mui/icons-material/QrCode2';
import ReplayIcon from '@mui/icons-material/Replay';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { assemblyBySerialQuery, publicAssemblyQuery } from '@/api/assemblies';
import { CentredProgress } from '@/components/centred-progress';
import { PageHeader } from '@/components/page-header';
import { isApiError } from '@/lib/api';
import { formatShortDate } from '@/lib/format';
import { useUnits } from '@/lib/use-units';
import { useViewer } from '@/lib/use-viewer';
import { AssemblyDrawing } from '../components/assembly-drawing';
import { FactList, PartsList } from '../components/assembly-figures';

/**
 * `/qs/{serialId}` (public, what a tag's QR code opens): what the customer needs to know and to reorder, and
 * how to reach the shop. No costs, no prices, no other customers: the public API does not send them. Lengths
 * and pressures are in the reader's units: a signed-in user's, else the default of the interface language
 * (`useUnits`).
 *
 * A signed-in member of the shop that built the unit also gets its record and "Build again". Whether the
 * serial is the shop's is asked of the signed-in assemblies list, which answers it only inside that
 * organisation: the public answer says nothing about it.
 */
export function PublicSerialPage() {
  const { serialId = '' } = useParams();
  const { t } = useTranslation();
  const units = useUnits();
  const viewer = useViewer();
  const lookup = useQuery(publicAssemblyQuery(serialId));
  const signedIn = viewer.isAuthenticated && viewer.status !== 'unverified';
  const own = useQuery({ ...assemblyBySerialQuery(serialId), enabled: signedIn && lookup.isSuccess });
  const record = signedIn ? (own.data ?? null) : null;
  // Build again is a reorder work order where the plan has work orders; elsewhere the record is the way.
  const canOrder =
    viewer.access !== null && evaluateAccess(matchRoute('/workorders/new').route, viewer.access).allowed;

  if (lookup.isPending) return <CentredProgress />;
  if (lookup.isError || !lookup.data) {
    const isMissing =
      isApiError(lookup.error) && (lookup.error.status === 404 || lookup.error.status === 400);
    return (
      <Stack spacing={2} sx={{ maxWidth: 640 }}>
        <PageHeader
          title={isMissing ? t('assemblies.qs.notFound') : t('assemblies.detail.notFound')}
          icon={<SearchOffIcon />}
        />
        <Typography>{isMissing ? t('assemblies.qs.notFoundHelp') : t('assemblies.qs.failed')}</Typography>
        <Typography color="text.secondary">{t('assemblies.qs.serial', { serial: serialId })}</Typography>
        <Box>
          <Button variant="outlined" href="/">
            {t('common.goHome')}
          </Button>
        </Box>
      </Stack>
    );
  }
  const a = lookup.data;
  const drawing = drawingModelOf({
    title: a.title,
    parts: a.parts,
    overallLengthMm: a.overallLengthMm,
    cutLengthMm: a.cutLengthMm,
    measuredBy: t(`assemblies.measuredTo.${a.lengthMeasuredTo}`).toLowerCase(),
    orientationDeg: a.orientationDeg,
    orientationConvention: a.orientationConvention,
    units: units.system,
  });
  return (
    <Stack spacing={2} sx={{ minWidth: 0, maxWidth: 960 }}>
      <PageHeader
        title={t('assemblies.qs.title', { title: a.title })}
        icon={<QrCodeIcon />}
        subtitle={a.description || undefined}
      />
      <Typography sx={{ fontFamily: 'monospace', fontSize: '1.1rem' }}>
        {t('assemblies.qs.serial', { serial: a.serialId })}
      </Typography>
      {record && (
        <Alert
          severity="success"
          icon={false}
          component="section"
          aria-label={t('assemblies.qs.yours', { name: a.organizationName })}
        >
          <Typography sx={{ fontWeight: 600, mb: 1 }}>
            {t('assemblies.qs.yours', { name: a.organizationName })}
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
            <Button variant="outlined" startIcon={<LaunchIcon />} href={`/hoseassembly/${record._id}`}>
              {t('assemblies.qs.openRecord', { title: record.title })}
            </Button>
            {canOrder && (
              <Button
                variant="contained"
                startIcon={<ReplayIcon />}
                href={`/workorders/new?${new URLSearchParams({ serialId: a.serialId })}`}
              >
                {t('assemblies.qs.buildAgain')}
              </Button>
            )}
          </Stack>
        </Alert>
      )}
      <AssemblyDrawing model={drawing} label={t('assemblies.drawing.label')} />
      <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }}>
        <FactList
          facts={[
            { label: t('assemblies.figures.partNumber'), value: a.title },
            { label: t('assemblies.figures.maxPressure'), value: units.pressure(a.workingPressurePsi) },
            { label: t('assemblies.figures.overallLength'), value: units.length(a.overallLengthMm) },
            { label: t('assemblies.figures.cutLength'), value: units.length(a.cutLengthMm) },
            {
              label: t('assemblies.figures.measuredTo'),
              value: t(`assemblies.measuredTo.${a.lengthMeasuredTo}`),
            },
            ...(a.orientationDeg !== null
              ? [
                  {
                    label: t('assemblies.figures.orientation'),
                    value: `${a.orientationDeg}° · ${t(`assemblies.convention.${a.orientationConvention ?? 'clockwise'}`)}`,
                  },
                ]
              : []),
            { label: t('assemblies.figures.builtAt'), value: formatShortDate(a.builtAt) },
            ...(a.proofTest
              ? [
                  {
                    label: t('assemblies.qs.proofTest'),
                    value: t(`assemblies.qs.proofTest_${a.proofTest.result}`, {
                      pressure: units.pressure(a.proofTest.pressurePsi),
                      seconds: a.proofTest.holdSeconds,
                      date: formatShortDate(a.proofTest.testedAt),
                    }),
                  },
                ]
              : []),
          ]}
        />
      </Paper>
      <Paper
        variant="outlined"
        sx={{ p: { xs: 1.5, sm: 2 } }}
        component="section"
        aria-label={t('assemblies.qs.parts')}
      >
        <Typography variant="h6" component="h2" sx={{ mb: 1.5, fontSize: '1.1rem' }}>
          {t('assemblies.qs.parts')}
        </Typography>
        <PartsList parts={a.parts} />
      </Paper>
      <Alert severity="info" icon={false}>
        <Typography sx={{ fontWeight: 600 }}>{t('assemblies.qs.reorder')}</Typography>
        <Typography variant="body2">
          {t('assemblies.qs.builtBy', { name: a.organizationName, date: formatShortDate(a.builtAt) })}
        </Typography>
        <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
          {a.reorder}
        </Typography>
        <ShopContact contact={a.contact} />
      </Alert>
    </Stack>
  );
}

/** The shop's address, phone (a tel: link) and email (a mailto: link): only those it keeps. */
function ShopContact({ contact }: { contact: PublicAssembly['contact'] }) {
  const { t } = useTranslation();
  const { address, phone, email } = contact;
  if (!address && !phone && !email) return null;
  const lines = address
    ? [
        address.line1,
        address.line2,
        [address.city, address.region, address.postalCode].filter(Boolean).join(' '),
        address.country,
      ].filter(Boolean)
    : [];
  return (
    <Box component="address" sx={{ fontStyle: 'normal', mt: 1 }}>
      {lines.length > 0 && (
        <Typography variant="body2" sx={{ whiteSpace: 'pre-line' }}>
          {lines.join('\n')}
        </Typography>
      )}
      {phone && (
        <Typography variant="body2">
          {t('assemblies.qs.phone')} <Link href={`tel:${phone.replace(/[^0-9+]/g, '')}`}>{phone}</Link>
        </Typography>
      )}
      {email && (
        <Typography variant="body2">
          {t('assemblies.qs.email')}{' '}
          <Link href={`mailto:${email}`} sx={{ overflowWrap: 'anywhere' }}>
            {email}
          </Link>
        </Typography>
      )}
    </Box>
  );
}
