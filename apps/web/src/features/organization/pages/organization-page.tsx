/**
 * /organization and /organization/{initialTab}: the overview (the organisation's name, which admins change, its
 * logo, which admins upload and the user menu shows, and its plan), the team (`users`, the user menu's
 * 'Invite your team'), the currencies and their rates (`currencies`, read-only for regular users) and, for
 * admins only, the API keys and their log (`api`) and the settings the whole app obeys (`settings`). Tabs are
 * addressable by URL; 'details', any unknown tab and a tab the viewer may not see open the overview.
 */
import { type Organization, type Tier, UNLIMITED } from '@hosewright/domain';
import BusinessIcon from '@mui/icons-material/Business';
import UpgradeIcon from '@mui/icons-material/Upgrade';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { organizationQuery, useRenameOrganization } from '@/api/organization';
import { ImageUploadButton, useImageUrl } from '@/components/images/object-image';
import { InlineTextEditor } from '@/components/inline-text-editor';
import { PageHeader } from '@/components/page-header';
import { formatDate, formatNumber } from '@/lib/format';
import { isSubscriptionExpired } from '@/lib/session';
import { snackbar } from '@/lib/snackbar-store';
import { useViewer } from '@/lib/use-viewer';
import { ApiTab } from './api-tab';
import { CurrenciesTab } from './currencies-tab';
import { SettingsTab } from './settings-tab';
import { TeamTab } from './team-tab';

export const ORGANIZATION_TABS = ['overview', 'users', 'currencies', 'api', 'settings'] as const;
export type OrganizationTab = (typeof ORGANIZATION_TABS)[number];
/** Tabs only admins see. */
const ADMIN_TABS: readonly OrganizationTab[] = ['api', 'settings'];

/** The tab a URL segment names: 'details' is the overview, and so is anything unknown. */
export function organizationTabOf(segment: string | undefined): OrganizationTab {
  return ORGANIZATION_TABS.includes(segment as OrganizationTab) ? (segment as OrganizationTab) : 'overview';
}

const MAX_NAME_LENGTH = 200;

export function OrganizationPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { initialTab } = useParams();
  const organization = useQuery(organizationQuery());
  const viewer = useViewer();
  const isAdmin = viewer.access?.roles.includes('admin') ?? false;
  const tabs = ORGANIZATION_TABS.filter((key) => isAdmin || !ADMIN_TABS.includes(key));
  const named = organizationTabOf(initialTab);
  const tab = tabs.includes(named) ? named : 'overview';

  return (
    // The API log is a wide table: its tab takes more room.
    <Stack spacing={3} sx={{ maxWidth: tab === 'api' ? 1080 : 720 }}>
      <PageHeader title={organization.data?.name || t('organization.title')} icon={<BusinessIcon />} />
      <Tabs
        value={tab}
        onChange={(_, next: OrganizationTab) => navigate(`/organization/${next}`, { replace: true })}
        aria-label={t('organization.tabsLabel')}
        variant="scrollable"
        allowScrollButtonsMobile
      >
        {tabs.map((key) => (
          <Tab key={key} value={key} label={t(`organization.tabs.${key}`)} />
        ))}
      </Tabs>
      {tab === 'users' ? (
        <TeamTab />
      ) : tab === 'api' ? (
        <ApiTab />
      ) : tab === 'currencies' ? (
        <CurrenciesTab />
      ) : tab === 'settings' ? (
        <SettingsTab />
      ) : (
        <Overview organization={organization} isAdmin={isAdmin} />
      )}
    </Stack>
  );
}

function Overview({
  organization,
  isAdmin,
}: {
  organization: ReturnType<typeof useQuery<Organization>>;
  isAdmin: boolean;
}) {
  const { t } = useTranslation();
  return (
    <>
      {organization.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" onClick={() => organization.refetch()}>
              {t('common.retry')}
            </Button>
          }
        >
          {t('organization.loadFailed')} {organization.error.message}
        </Alert>
      ) : (
        <Paper
          variant="outlined"
          sx={{ p: { xs: 2, sm: 3 } }}
          aria-busy={organization.isPending ? 'true' : undefined}
        >
          <Typography variant="body2" color="text.secondary">
            {t('organization.name')}
          </Typography>
          {organization.isPending ? (
            <Skeleton width={240} height={40} />
          ) : (
            <OrganizationName name={organization.data.name} canEdit={isAdmin} />
          )}
        </Paper>
      )}
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography variant="h6" component="h2" gutterBottom>
          {t('organization.logo')}
        </Typography>
        {organization.data ? (
          <LogoSection
            organizationId={organization.data._id}
            hasLogo={organization.data.hasLogo}
            name={organization.data.name}
            canEdit={isAdmin}
          />
        ) : (
          <Skeleton width={160} height={64} />
        )}
      </Paper>
      <PlanSection />
    </>
  );
}

function OrganizationName({ name, canEdit }: { name: string; canEdit: boolean }) {
  const { t } = useTranslation();
  const rename = useRenameOrganization();
  return (
    <InlineTextEditor
      value={name}
      label={t('organization.name')}
      editLabel={t('organization.editName')}
      canEdit={canEdit}
      maxLength={MAX_NAME_LENGTH}
      autoComplete="organization"
      messages={{ required: t('organization.nameRequired'), tooLong: t('organization.nameTooLong') }}
      onSave={async (value) => {
        await rename.mutateAsync(value);
        snackbar.success(t('organization.nameSaved', { name: value }));
      }}
    />
  );
}

function LogoSection({
  organizationId,
  hasLogo,
  name,
  canEdit,
}: {
  organizationId: string;
  hasLogo: boolean;
  name: string;
  canEdit: boolean;
}) {
  const { t } = useTranslation();
  const logo = useImageUrl(organizationId, hasLogo);
  return (
    <Stack spacing={2}>
      {logo ? (
        <Box
          component="img"
          src={logo}
          alt={t('organization.logoAlt', { name })}
          sx={{ height: 96, maxWidth: '100%', objectFit: 'contain', alignSelf: 'flex-start' }}
        />
      ) : (
        <Typography color="text.secondary">
          {canEdit ? t('organization.noLogo') : t('organization.noLogoRegular')}
        </Typography>
      )}
      {canEdit ? (
        <>
          <Typography variant="body2" color="text.secondary">
            {t('organization.logoHelp')}
          </Typography>
          <ImageUploadButton objectId={organizationId} label={t('organization.uploadLogo')} />
        </>
      ) : null}
    </Stack>
  );
}

function limitText(limit: number, noLimit: string): string {
  return limit >= UNLIMITED ? noLimit : formatNumber(limit);
}

function PlanSection() {
  const { t } = useTranslation();
  const { profile, access } = useViewer();
  const expired = isSubscriptionExpired(access);

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h6" component="h2" gutterBottom>
        {t('organization.plan.title')}
      </Typography>
      {profile ? (
        <Stack component="dl" spacing={2} sx={{ m: 0, '& dd': { m: 0 } }}>
          <div>
            <Typography component="dt" variant="body2" color="text.secondary">
              {t('organization.plan.tier')}
            </Typography>
            <Typography component="dd" sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
              <Chip
                color={expired ? 'error' : 'primary'}
                label={t(`organization.plan.tiers.${profile.subscription as Tier}`)}
              />
            </Typography>
          </div>
          <div>
            <Typography component="dt" variant="body2" color="text.secondary">
              {expired ? t('organization.plan.ended') : t('organization.plan.renews')}
            </Typography>
            <Typography component="dd">{formatDate(profile.subscriptionExpires)}</Typography>
          </div>
          <div>
            <Typography component="dt" variant="body2" color="text.secondary">
              {t('organization.plan.limits')}
            </Typography>
            <Box component="dd">
              <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
                <li>
                  {t('organization.plan.customers')}:{' '}
                  {limitText(profile.maxCustomers, t('organization.plan.noLimit'))}
                </li>
                <li>
                  {t('organization.plan.hoseAssemblies')}:{' '}
                  {limitText(profile.maxHoseAssemblies, t('organization.plan.noLimit'))}
                </li>
                <li>
                  {t('organization.plan.hoseKits')}:{' '}
                  {limitText(profile.maxHoseKits, t('organization.plan.noLimit'))}
                </li>
              </Box>
            </Box>
          </div>
          <div>
            <Button
              component={RouterLink}
              to="/upgradesubscription"
              variant="outlined"
              startIcon={<UpgradeIcon />}
            >
              {t('organization.plan.upgrade')}
            </Button>
          </div>
        </Stack>
      ) : (
        <Typography color="text.secondary">{t('organization.plan.unknown')}</Typography>
      )}
    </Paper>
  );
}
