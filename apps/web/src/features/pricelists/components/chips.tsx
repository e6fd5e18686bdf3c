/** The marks of the price list pages: a draft waiting for review, the version in force, a margin below target. */
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutline';
import EditNoteIcon from '@mui/icons-material/EditNote';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export function DraftChip() {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      color="warning"
      variant="outlined"
      icon={<EditNoteIcon />}
      label={t('priceLists.list.draftReady')}
    />
  );
}

export function InForceChip() {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      color="success"
      icon={<CheckCircleOutlineIcon />}
      label={t('priceLists.detail.inForce')}
    />
  );
}

/** A margin below the organisation's target: in red with a warning icon and words, not colour alone. */
export function BelowTargetFlag({ targetPct, children }: { targetPct: number; children: ReactNode }) {
  const { t } = useTranslation();
  const label = t('priceLists.detail.belowTarget', { pct: targetPct });
  return (
    <Box
      component="span"
      title={label}
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, color: 'error.main', fontWeight: 600 }}
    >
      <WarningAmberIcon fontSize="small" titleAccess={label} />
      {children}
    </Box>
  );
}

/** A price change: up in one colour, down in another, each with its arrow and word. */
export function ChangeMark({
  direction,
  children,
}: {
  direction: 'up' | 'down' | 'same';
  children: ReactNode;
}) {
  const { t } = useTranslation();
  if (direction === 'same') return <span>{children}</span>;
  const isUp = direction === 'up';
  const Icon = isUp ? ArrowUpwardIcon : ArrowDownwardIcon;
  return (
    <Box
      component="span"
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 0.5,
        color: isUp ? 'success.dark' : 'error.main',
        fontWeight: 600,
      }}
    >
      <Icon fontSize="small" titleAccess={t(`priceLists.edit.${direction}`)} />
      {children}
    </Box>
  );
}
