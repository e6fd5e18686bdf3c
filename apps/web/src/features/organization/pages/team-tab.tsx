/**
 * /organization/users: the people of the organisation with their role, status and last sign-in, and the
 * invitations not yet accepted. Everyone sees it; admins invite by email, change a role in place, send an
 * invitation again, and remove people or withdraw invitations (after a confirmation). The server keeps the
 * last admin and refuses a second invitation (its messages are shown as it says them).
 */
import type { Role, TeamMember } from '@hosewright/domain';
import PersonRemoveIcon from '@mui/icons-material/PersonRemove';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { rolesQuery, teamQuery, useChangeRole, useInvite, useRemind, useRemoveMember } from '@/api/team';
import { LoadFailed } from '@/components/load-failed';
import { formatDate } from '@/lib/format';
import { snackbar } from '@/lib/snackbar-store';
import { useViewer } from '@/lib/use-viewer';

export function TeamTab() {
  const { t } = useTranslation();
  const viewer = useViewer();
  const isAdmin = viewer.access?.roles.includes('admin') ?? false;
  const team = useQuery(teamQuery());
  const [leaving, setLeaving] = useState<TeamMember | null>(null);

  if (team.isError) {
    return (
      <LoadFailed
        message={t('organization.team.loadFailed')}
        error={team.error}
        onRetry={() => team.refetch()}
      />
    );
  }
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} aria-busy={team.isPending ? 'true' : undefined}>
      <Typography variant="h6" component="h2">
        {t('organization.team.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {isAdmin ? t('organization.team.helpAdmin') : t('organization.team.helpRegular')}
      </Typography>
      {isAdmin ? <InviteForm /> : null}
      {team.isPending ? (
        <Stack spacing={1} sx={{ mt: 2 }}>
          <Skeleton height={56} />
          <Skeleton height={56} />
        </Stack>
      ) : (
        <List aria-label={t('organization.team.title')}>
          {team.data.items.map((person) =>
            person.status === 'invited' || person.status === 'expired' ? (
              <InvitationRow
                key={person._id}
                invitation={person}
                canEdit={isAdmin}
                onWithdraw={() => setLeaving(person)}
              />
            ) : (
              <PersonRow
                key={person._id}
                person={person}
                canEdit={isAdmin}
                isYou={person.email === viewer.email}
                onRemove={() => setLeaving(person)}
              />
            ),
          )}
        </List>
      )}
      <RemoveDialog person={leaving} onClose={() => setLeaving(null)} />
    </Paper>
  );
}

function InviteForm() {
  const { t } = useTranslation();
  const invite = useInvite();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>('regular');
  return (
    <Stack
      component="form"
      noValidate
      aria-label={t('organization.team.invite.title')}
      direction={{ xs: 'column', sm: 'row' }}
      spacing={1.5}
      sx={{ mt: 2, alignItems: { sm: 'flex-start' } }}
      onSubmit={(event) => {
        event.preventDefault();
        invite.mutate(
          { email: email.trim(), role },
          {
            onSuccess: (invited) => {
              snackbar.success(t('organization.team.invite.sent', { email: invited.email }));
              setEmail('');
            },
          },
        );
      }}
    >
      <TextField
        size="small"
        type="email"
        label={t('organization.team.invite.email')}
        value={email}
        onChange={(event) => {
          setEmail(event.target.value);
          if (invite.isError) invite.reset();
        }}
        error={invite.isError}
        helperText={invite.isError ? invite.error.message : ' '}
        autoComplete="off"
        sx={{ flex: 1 }}
      />
      <TextField
        select
        size="small"
        label={t('organization.team.invite.role')}
        value={role}
        onChange={(event) => setRole(event.target.value as Role)}
        sx={{ minWidth: 140 }}
      >
        <MenuItem value="regular">{t('organization.team.roles.regular')}</MenuItem>
        <MenuItem value="admin">{t('organization.team.roles.admin')}</MenuItem>
      </TextField>
      <Button type="submit" variant="contained" disabled={invite.isPending || email.trim() === ''}>
        {t('organization.team.invite.send')}
      </Button>
    </Stack>
  );
}

function InvitationRow({
  invitation,
  canEdit,
  onWithdraw,
}: {
  invitation: TeamMember;
  canEdit: boolean;
  onWithdraw: () => void;
}) {
  const { t } = useTranslation();
  const remind = useRemind();
  const expired = invitation.status === 'expired';
  return (
    <TeamRow
      who={
        <>
          <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{invitation.email}</Typography>
          <Typography variant="caption" color="text.secondary">
            {t(`organization.team.roles.${invitation.role}`)}
          </Typography>
        </>
      }
      actions={
        <>
          <Chip
            size="small"
            color={expired ? 'default' : 'info'}
            label={
              expired
                ? t('organization.team.expired')
                : t('organization.team.invited', { date: formatDate(invitation.invitationExpiresAt ?? '') })
            }
          />
          {canEdit ? (
            <>
              <Button
                size="small"
                disabled={remind.isPending}
                onClick={() =>
                  remind.mutate(invitation._id, {
                    onSuccess: () =>
                      snackbar.success(t('organization.team.reminded', { email: invitation.email })),
                    onError: (error) => snackbar.warning(error.message),
                  })
                }
              >
                {t('organization.team.remind')}
              </Button>
              <RemoveButton name={invitation.email} onClick={onWithdraw} />
            </>
          ) : null}
        </>
      }
    />
  );
}

function PersonRow({
  person,
  canEdit,
  isYou,
  onRemove,
}: {
  person: TeamMember;
  canEdit: boolean;
  isYou: boolean;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const roles = useQuery({ ...rolesQuery(), enabled: canEdit });
  const changeRole = useChangeRole();
  const roleName = t(`organization.team.roles.${person.role}`);
  return (
    <TeamRow
      who={
        <>
          <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {person.name}
            {isYou ? ` (${t('organization.team.you')})` : ''}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {person.email}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {person.lastSignInAt
              ? t('organization.team.lastSignIn', { date: formatDate(person.lastSignInAt) })
              : t('organization.team.neverSignedIn')}
          </Typography>
        </>
      }
      actions={
        <>
          {person.status === 'unverified' ? (
            <Chip size="small" color="warning" label={t('organization.team.unverified')} />
          ) : null}
          {canEdit ? (
            <TextField
              select
              size="small"
              label={t('organization.team.role')}
              value={person.role}
              disabled={changeRole.isPending}
              onChange={(event) =>
                changeRole.mutate(
                  { userId: person._id, role: event.target.value as Role },
                  {
                    onSuccess: (changed) =>
                      snackbar.success(
                        t('organization.team.roleChanged', {
                          name: changed.name,
                          role: t(`organization.team.roles.${changed.role}`),
                        }),
                      ),
                    onError: (error) => snackbar.warning(error.message),
                  },
                )
              }
              sx={{ minWidth: 140 }}
            >
              {(roles.data ?? [{ role: person.role }]).map((r) => (
                <MenuItem key={r.role} value={r.role}>
                  {t(`organization.team.roles.${r.role}`)}
                </MenuItem>
              ))}
            </TextField>
          ) : (
            <Chip size="small" label={roleName} />
          )}
          {canEdit ? <RemoveButton name={person.name} onClick={onRemove} /> : null}
        </>
      }
    />
  );
}

/** One line of the team: who (left) and what can be done (right; below on a phone). */
function TeamRow({ who, actions }: { who: ReactNode; actions: ReactNode }) {
  return (
    <ListItem divider disableGutters sx={{ py: 1.5 }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={{ xs: 1, sm: 2 }}
        sx={{ width: '100%', alignItems: { sm: 'center' } }}
      >
        <Stack sx={{ flex: 1, minWidth: 0 }}>{who}</Stack>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          {actions}
        </Stack>
      </Stack>
    </ListItem>
  );
}

function RemoveButton({ name, onClick }: { name: string; onClick: () => void }) {
  const { t } = useTranslation();
  const label = t('organization.team.remove', { name });
  return (
    <Tooltip title={label}>
      <IconButton aria-label={label} onClick={onClick}>
        <PersonRemoveIcon />
      </IconButton>
    </Tooltip>
  );
}

function RemoveDialog({ person, onClose }: { person: TeamMember | null; onClose: () => void }) {
  const { t } = useTranslation();
  const remove = useRemoveMember();
  const isInvitation = person?.status === 'invited' || person?.status === 'expired';
  const close = () => {
    remove.reset();
    onClose();
  };
  return (
    <Dialog
      open={person !== null}
      onClose={close}
      aria-labelledby="remove-person-title"
      fullWidth
      maxWidth="xs"
    >
      <DialogTitle id="remove-person-title">
        {isInvitation
          ? t('organization.team.withdrawTitle', { email: person?.email ?? '' })
          : t('organization.team.removeTitle', { name: person?.name ?? '' })}
      </DialogTitle>
      <DialogContent>
        <DialogContentText>
          {isInvitation ? t('organization.team.withdrawText') : t('organization.team.removeText')}
        </DialogContentText>
        {remove.isError ? (
          <Alert severity="error" sx={{ mt: 2 }}>
            {remove.error.message}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{t('common.cancel')}</Button>
        <Button
          color="error"
          variant="contained"
          disabled={remove.isPending || person === null}
          onClick={() =>
            person &&
            remove.mutate(person._id, {
              onSuccess: () => {
                snackbar.success(
                  isInvitation
                    ? t('organization.team.withdrawn', { email: person.email })
                    : t('organization.team.removed', { name: person.name }),
                );
                close();
              },
            })
          }
        >
          {isInvitation ? t('organization.team.withdrawConfirm') : t('organization.team.removeConfirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
