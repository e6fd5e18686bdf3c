import { matchRoute, type Tier } from '@hosewright/domain';
import type { SvgIconComponent } from '@mui/icons-material';
import AddCircleOutlineIcon from '@mui/icons-material/AddCircleOutline';
import AssignmentOutlinedIcon from '@mui/icons-material/AssignmentOutlined';
import CableIcon from '@mui/icons-material/Cable';
import CategoryOutlinedIcon from '@mui/icons-material/CategoryOutlined';
import DashboardOutlinedIcon from '@mui/icons-material/DashboardOutlined';
import Inventory2OutlinedIcon from '@mui/icons-material/Inventory2Outlined';
import PeopleOutlineIcon from '@mui/icons-material/PeopleOutline';
import RequestQuoteOutlinedIcon from '@mui/icons-material/RequestQuoteOutlined';
import ViewListOutlinedIcon from '@mui/icons-material/ViewListOutlined';
import WarehouseOutlinedIcon from '@mui/icons-material/WarehouseOutlined';
import type { AccessProfile } from '@/lib/session';

/**
 * The side navigation entries. Who sees them comes from the route table (`ROUTES`), not from here; the
 * organisation's `hideInventory` setting hides the stock entries (`INVENTORY_PATHS`).
 */
export const NAV_ITEMS = [
  { to: '/dashboard', labelKey: 'nav.dashboard', icon: DashboardOutlinedIcon },
  { to: '/customers', labelKey: 'nav.customers', icon: PeopleOutlineIcon },
  { to: '/hoseassemblies', labelKey: 'nav.hoseAssemblies', icon: CableIcon },
  { to: '/hosekits', labelKey: 'nav.hoseKits', icon: Inventory2OutlinedIcon },
  { to: '/hoseassemblies/new', labelKey: 'nav.buildHose', icon: AddCircleOutlineIcon },
  { to: '/workorders', labelKey: 'nav.workOrders', icon: AssignmentOutlinedIcon },
  { to: '/salesestimates', labelKey: 'nav.salesEstimates', icon: RequestQuoteOutlinedIcon },
  { to: '/warehouses', labelKey: 'nav.warehouses', icon: WarehouseOutlinedIcon },
  { to: '/inventory', labelKey: 'nav.inventory', icon: ViewListOutlinedIcon },
  { to: '/components', labelKey: 'nav.componentLibrary', icon: CategoryOutlinedIcon },
] as const satisfies readonly { to: string; labelKey: string; icon: SvgIconComponent }[];

export type NavItem = (typeof NAV_ITEMS)[number];

/** The entries about stock, hidden when the organisation hides inventory. */
export const INVENTORY_PATHS: readonly string[] = ['/warehouses', '/inventory'];

/** The screens about stock (`INVENTORY_PATHS` and every page below them), hidden with inventory. */
export function isInventoryPath(pathname: string): boolean {
  return /^\/(warehouses?|inventory)(\/|$)/.test(pathname);
}

/** The entries shown, given whether the organisation hides inventory. */
export function navItemsFor({ hideInventory }: { hideInventory: boolean }): readonly NavItem[] {
  return hideInventory ? NAV_ITEMS.filter((item) => !INVENTORY_PATHS.includes(item.to)) : NAV_ITEMS;
}

export interface NavItemState {
  /** The user's role may open the page (role-limited entries are hidden otherwise). */
  isVisible: boolean;
  /** The page needs a tier the user does not have: show the padlock, keep the entry. */
  isLocked: boolean;
  /** The tiers that unlock it, for the tooltip. */
  subscriptions: readonly Tier[];
}

export function getNavItemState(item: NavItem, access: AccessProfile | null): NavItemState {
  const rule = matchRoute(item.to).route;
  const roles = access?.roles ?? [];
  const tier = access?.subscription?.tier;
  const subscriptions = rule.subscriptions ?? [];
  return {
    isVisible: !rule.roles || rule.roles.some((role) => roles.includes(role)),
    isLocked: subscriptions.length > 0 && !(tier && subscriptions.includes(tier)),
    subscriptions,
  };
}

/** The entry the current path belongs to: the longest entry path that prefixes it. */
export function findActiveNavItem(pathname: string): NavItem | undefined {
  let best: NavItem | undefined;
  for (const item of NAV_ITEMS) {
    if (pathname === item.to || pathname.startsWith(`${item.to}/`)) {
      if (!best || item.to.length > best.to.length) best = item;
    }
  }
  return best;
}
