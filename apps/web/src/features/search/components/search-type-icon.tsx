import type { SvgIconComponent } from '@mui/icons-material';
import AssignmentOutlinedIcon from '@mui/icons-material/AssignmentOutlined';
import BoltIcon from '@mui/icons-material/Bolt';
import CableIcon from '@mui/icons-material/Cable';
import CategoryOutlinedIcon from '@mui/icons-material/CategoryOutlined';
import GestureIcon from '@mui/icons-material/Gesture';
import Inventory2OutlinedIcon from '@mui/icons-material/Inventory2Outlined';
import PeopleOutlineIcon from '@mui/icons-material/PeopleOutline';
import PlumbingIcon from '@mui/icons-material/Plumbing';
import RequestQuoteOutlinedIcon from '@mui/icons-material/RequestQuoteOutlined';
import ShieldOutlinedIcon from '@mui/icons-material/ShieldOutlined';
import SyncAltIcon from '@mui/icons-material/SyncAlt';
import TripOriginIcon from '@mui/icons-material/TripOrigin';
import WidgetsOutlinedIcon from '@mui/icons-material/WidgetsOutlined';
import type { SvgIconProps } from '@mui/material/SvgIcon';

/**
 * Each search result type its own icon (the component kinds as in the Component Library,
 * the lists as in the side navigation); an unknown type gets the generic bolt.
 */
export const SEARCH_TYPE_ICONS: Readonly<Record<string, SvgIconComponent>> = {
  customer: PeopleOutlineIcon,
  workOrder: AssignmentOutlinedIcon,
  salesEstimate: RequestQuoteOutlinedIcon,
  hoseKit: Inventory2OutlinedIcon,
  hoseAssembly: CableIcon,
  item: CategoryOutlinedIcon,
  hose: GestureIcon,
  crimpFitting: PlumbingIcon,
  ferrule: TripOriginIcon,
  adaptor: SyncAltIcon,
  wrap: ShieldOutlinedIcon,
  otherItem: WidgetsOutlinedIcon,
};

export function SearchTypeIcon({ type, ...props }: { type: string } & SvgIconProps) {
  const Icon = Object.hasOwn(SEARCH_TYPE_ICONS, type) ? SEARCH_TYPE_ICONS[type]! : BoltIcon;
  return (
    <Icon aria-hidden data-type-icon={Object.hasOwn(SEARCH_TYPE_ICONS, type) ? type : 'bolt'} {...props} />
  );
}
