import type { ComponentKind } from '@hosewright/domain';
import type { SvgIconComponent } from '@mui/icons-material';
import BoltIcon from '@mui/icons-material/Bolt';
import GestureIcon from '@mui/icons-material/Gesture';
import PlumbingIcon from '@mui/icons-material/Plumbing';
import ShieldOutlinedIcon from '@mui/icons-material/ShieldOutlined';
import SyncAltIcon from '@mui/icons-material/SyncAlt';
import TripOriginIcon from '@mui/icons-material/TripOrigin';
import WidgetsOutlinedIcon from '@mui/icons-material/WidgetsOutlined';
import type { SvgIconProps } from '@mui/material/SvgIcon';

/** One icon per kind; anything unknown gets the generic bolt. */
export const KIND_ICONS: Record<ComponentKind, SvgIconComponent> = {
  hose: GestureIcon,
  crimpFitting: PlumbingIcon,
  ferrule: TripOriginIcon,
  adaptor: SyncAltIcon,
  wrap: ShieldOutlinedIcon,
  otherItem: WidgetsOutlinedIcon,
};

export function KindIcon({ kind, ...props }: { kind: ComponentKind | undefined } & SvgIconProps) {
  const Icon = kind ? KIND_ICONS[kind] : BoltIcon;
  return <Icon aria-hidden {...props} />;
}
