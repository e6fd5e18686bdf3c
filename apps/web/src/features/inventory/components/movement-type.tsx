import type { StockMovementType } from '@hosewright/domain';
import AssignmentReturnIcon from '@mui/icons-material/AssignmentReturn';
import BuildIcon from '@mui/icons-material/Build';
import DeleteSweepIcon from '@mui/icons-material/DeleteSweep';
import FactCheckIcon from '@mui/icons-material/FactCheck';
import MoveToInboxIcon from '@mui/icons-material/MoveToInbox';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import TuneIcon from '@mui/icons-material/Tune';
import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

const ICONS: Record<StockMovementType, ReactNode> = {
  receipt: <MoveToInboxIcon fontSize="small" />,
  return: <AssignmentReturnIcon fontSize="small" />,
  adjustment: <TuneIcon fontSize="small" />,
  scrap: <DeleteSweepIcon fontSize="small" />,
  transfer: <SwapHorizIcon fontSize="small" />,
  consumption: <BuildIcon fontSize="small" />,
  count: <FactCheckIcon fontSize="small" />,
};

/** The icon of a movement type; the words say the same, for those who cannot see it. */
export function movementIcon(type: StockMovementType): ReactNode {
  return ICONS[type];
}

/** A movement's type as the ledger shows it: icon and label. */
export function MovementType({ type }: { type: StockMovementType }) {
  const { t } = useTranslation();
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75 }}>
      <Box component="span" aria-hidden sx={{ display: 'flex', color: 'text.secondary' }}>
        {ICONS[type]}
      </Box>
      {t(`inventory.types.${type}`)}
    </Box>
  );
}
