import BuildIcon from '@mui/icons-material/Build';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { assemblyQuery } from '@/api/assemblies';
import { CentredProgress } from '@/components/centred-progress';
import { LibraryOffer } from '@/components/library-offer';
import { PageHeader } from '@/components/page-header';
import { estimateReturnTo, RETURN_TO_PARAM, withAddedAssembly } from '@/lib/estimate-round-trip';
import { snackbar } from '@/lib/snackbar-store';
import { AssemblyBuilder } from '../components/assembly-builder';
import { builderStateOf, initialBuilderState } from '../lib/builder-state';

/**
 * 'Build a hose': `/hoseassemblies/new`, `/customer/{customerId}/hoseassemblies/new` (customer chosen) and
 * `/hoseassembly/{id}/edit` (saving makes the next revision; the old one stays readable). A new one opened
 * from an estimate carries `returnTo` (`lib/estimate-round-trip.ts`): saving goes back there to add it.
 */
export function BuilderPage() {
  const { hoseAssemblyId, customerId } = useParams();
  return hoseAssemblyId ? <EditBuilder id={hoseAssemblyId} /> : <NewBuilder customerId={customerId ?? ''} />;
}

function NewBuilder({ customerId }: { customerId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const returnTo = estimateReturnTo(searchParams.get(RETURN_TO_PARAM));
  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      {returnTo ? (
        <Alert
          severity="info"
          action={
            <Button color="inherit" size="small" href={returnTo}>
              {t('common.cancel')}
            </Button>
          }
        >
          {t('assemblies.builder.forEstimate')}
        </Alert>
      ) : null}
      <PageHeader
        title={t('assemblies.builder.title')}
        icon={<BuildIcon />}
        subtitle={t('assemblies.builder.subtitle')}
      />
      <LibraryOffer />
      <AssemblyBuilder
        initial={initialBuilderState(customerId)}
        assemblyId="new"
        isCustomerFixed={!!customerId}
        onSaved={(saved) => {
          snackbar.success(t('assemblies.builder.saved', { title: saved.title }));
          navigate(returnTo ? withAddedAssembly(returnTo, saved._id) : `/hoseassembly/${saved._id}`);
        }}
      />
    </Stack>
  );
}

function EditBuilder({ id }: { id: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const assembly = useQuery(assemblyQuery(id));
  if (assembly.isPending) return <CentredProgress />;
  if (assembly.isError || !assembly.data) {
    return (
      <Stack spacing={2}>
        <PageHeader title={t('assemblies.detail.notFound')} icon={<BuildIcon />} />
        <Alert severity="warning">{assembly.error?.message ?? t('assemblies.detail.notFound')}</Alert>
        <Button href="/hoseassemblies" variant="outlined" sx={{ alignSelf: 'start' }}>
          {t('assemblies.list.title')}
        </Button>
      </Stack>
    );
  }
  const current = assembly.data;
  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      <PageHeader
        title={t('assemblies.builder.editTitle', { title: current.title })}
        icon={<BuildIcon />}
        subtitle={t('assemblies.builder.editSubtitle')}
      />
      <AssemblyBuilder
        key={current._id}
        initial={builderStateOf(current)}
        assemblyId={current._id}
        onSaved={(saved) => {
          snackbar.success(t('assemblies.builder.savedRevision', { title: saved.title }));
          navigate(`/hoseassembly/${saved._id}`);
        }}
      />
    </Stack>
  );
}
