/**
 * /user and /user/{initialTab}: the signed-in user's own profile with tabs addressable by URL. 'profile'
 * (name, email, language, units) and 'security' (password reset); 'details' (the user menu's link) and any
 * unknown tab open the profile.
 */
import { DEFAULT_LOCALE, isUnitSystem, LOCALES, type Locale, UNIT_SYSTEMS } from '@hosewright/domain';
import LockResetIcon from '@mui/icons-material/LockReset';
import PersonIcon from '@mui/icons-material/Person';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { currentUserQuery, useResetPassword, useUpdateUser } from '@/api/user';
import { InlineTextEditor } from '@/components/inline-text-editor';
import { PageHeader } from '@/components/page-header';
import { LANGUAGE_TAGS } from '@/lib/i18n';
import { snackbar } from '@/lib/snackbar-store';
import { useViewer } from '@/lib/use-viewer';

export const USER_TABS = ['profile', 'security'] as const;
export type UserTab = (typeof USER_TABS)[number];

/** The tab a URL segment names: 'details' is the profile, and so is anything unknown. */
export function userTabOf(segment: string | undefined): UserTab {
  return USER_TABS.includes(segment as UserTab) ? (segment as UserTab) : 'profile';
}

const MAX_NAME_LENGTH = 200;

export function UserPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { initialTab } = useParams();
  const tab = userTabOf(initialTab);

  return (
    <Stack spacing={3} sx={{ maxWidth: 720 }}>
      <PageHeader title={t('user.title')} icon={<PersonIcon />} />
      <Tabs
        value={tab}
        onChange={(_, next: UserTab) => navigate(`/user/${next}`, { replace: true })}
        aria-label={t('organization.profile.tabsLabel')}
        variant="scrollable"
        allowScrollButtonsMobile
      >
        {USER_TABS.map((key) => (
          <Tab key={key} value={key} label={t(`organization.profile.tabs.${key}`)} />
        ))}
      </Tabs>
      {tab === 'profile' ? <ProfilePanel /> : <SecurityPanel />}
    </Stack>
  );
}

function ProfilePanel() {
  const { t } = useTranslation();
  const user = useQuery(currentUserQuery());

  if (user.isError) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" onClick={() => user.refetch()}>
            {t('common.retry')}
          </Button>
        }
      >
        {t('user.loadFailed')} {user.error.message}
      </Alert>
    );
  }
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} aria-busy={user.isPending ? 'true' : undefined}>
      <Stack component="dl" spacing={3} sx={{ m: 0, '& dd': { m: 0 } }}>
        <div>
          <Typography component="dt" variant="body2" color="text.secondary">
            {t('user.name')}
          </Typography>
          <dd>
            {user.isPending ? <Skeleton width={200} height={40} /> : <UserName name={user.data.name} />}
          </dd>
        </div>
        <div>
          <Typography component="dt" variant="body2" color="text.secondary">
            {t('user.email')}
          </Typography>
          <Typography
            component="dd"
            sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', overflowWrap: 'anywhere' }}
          >
            {user.isPending ? (
              <Skeleton width={240} />
            ) : (
              <>
                <span>{user.data.email}</span>
                <Chip
                  size="small"
                  color={user.data.emailVerified ? 'success' : 'warning'}
                  label={user.data.emailVerified ? t('user.verified') : t('user.unverified')}
                />
              </>
            )}
          </Typography>
        </div>
      </Stack>
      <Stack spacing={3} sx={{ mt: 3 }}>
        <LanguageSelect />
        {user.isPending ? (
          <Skeleton width={360} height={56} />
        ) : (
          <UnitsSelect unitSystem={user.data.unitSystem} units={user.data.units} />
        )}
      </Stack>
    </Paper>
  );
}

function UserName({ name }: { name: string }) {
  const { t } = useTranslation();
  const update = useUpdateUser();
  return (
    <InlineTextEditor
      value={name}
      label={t('user.name')}
      editLabel={t('organization.profile.editName')}
      maxLength={MAX_NAME_LENGTH}
      autoComplete="name"
      messages={{
        required: t('organization.profile.nameRequired'),
        tooLong: t('organization.profile.nameTooLong'),
      }}
      onSave={async (value) => {
        await update.mutateAsync({ name: value });
        snackbar.success(t('organization.profile.nameSaved'));
      }}
    />
  );
}

function isLocale(value: unknown): value is Locale {
  return (LOCALES as readonly unknown[]).includes(value);
}

function LanguageSelect() {
  const { t, i18n } = useTranslation();
  const viewer = useViewer();
  const update = useUpdateUser();
  const fromLanguage = (Object.keys(LANGUAGE_TAGS) as Locale[]).find(
    (locale) => LANGUAGE_TAGS[locale] === i18n.language,
  );
  const current: Locale = viewer.profile?.locale ?? fromLanguage ?? DEFAULT_LOCALE;

  const onChange = (value: string) => {
    if (!isLocale(value) || value === current) return;
    update.mutate(
      { locale: value },
      {
        onSuccess: () =>
          snackbar.success(
            t('organization.profile.languageSaved', {
              language: t(`organization.profile.locales.${value}`),
            }),
          ),
        onError: (failure) => snackbar.warning(failure.message),
      },
    );
  };

  return (
    <TextField
      select
      label={t('organization.profile.language')}
      value={current}
      onChange={(event) => onChange(event.target.value)}
      disabled={update.isPending}
      helperText={t('organization.profile.languageHelp')}
      size="small"
      sx={{ width: '100%', maxWidth: 360 }}
    >
      {LOCALES.map((locale) => (
        <MenuItem key={locale} value={locale}>
          {t(`organization.profile.locales.${locale}`)}
        </MenuItem>
      ))}
    </TextField>
  );
}

const ORGANIZATION_DEFAULT = 'organization';

/**
 * The user's own units, or the organisation's (null). Saving puts the answered user in the cache
 * (`useUpdateUser`), and every screen reads its `units` (`useUnits`): they change at once, without a reload.
 */
function UnitsSelect({
  unitSystem,
  units,
}: {
  unitSystem: (typeof UNIT_SYSTEMS)[number] | null;
  units: (typeof UNIT_SYSTEMS)[number];
}) {
  const { t } = useTranslation();
  const update = useUpdateUser();
  const current = unitSystem ?? ORGANIZATION_DEFAULT;

  const onChange = (value: string) => {
    if (value === current) return;
    const next = isUnitSystem(value) ? value : null;
    update.mutate(
      { unitSystem: next },
      {
        onSuccess: () =>
          snackbar.success(
            next
              ? t('units.choice.saved', { system: t(`units.systems.${next}`) })
              : t('units.choice.savedDefault'),
          ),
        onError: (failure) => snackbar.warning(failure.message),
      },
    );
  };

  return (
    <TextField
      select
      label={t('units.choice.label')}
      value={current}
      onChange={(event) => onChange(event.target.value)}
      disabled={update.isPending}
      helperText={t('units.choice.help')}
      size="small"
      sx={{ width: '100%', maxWidth: 360 }}
    >
      <MenuItem value={ORGANIZATION_DEFAULT}>
        {unitSystem === null
          ? t('units.choice.organizationDefaultIs', { system: t(`units.systems.${units}`) })
          : t('units.choice.organizationDefault')}
      </MenuItem>
      {UNIT_SYSTEMS.map((system) => (
        <MenuItem key={system} value={system}>
          {t(`units.systems.${system}`)}
        </MenuItem>
      ))}
    </TextField>
  );
}

function SecurityPanel() {
  const { t } = useTranslation();
  const user = useQuery(currentUserQuery());
  const reset = useResetPassword();

  const onReset = () => {
    reset.mutate(undefined, {
      onSuccess: () => snackbar.success(t('user.resetSent', { email: user.data?.email ?? '' })),
      onError: (error) => snackbar.warning(error.message),
    });
  };

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h6" component="h2" gutterBottom>
        {t('user.passwordTitle')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('user.passwordText')}
      </Typography>
      {user.isError ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {t('user.loadFailed')} {user.error.message}
        </Alert>
      ) : null}
      <Button
        variant="outlined"
        startIcon={<LockResetIcon />}
        onClick={onReset}
        loading={reset.isPending}
        disabled={user.isPending}
      >
        {t('user.resetPassword')}
      </Button>
    </Paper>
  );
}
