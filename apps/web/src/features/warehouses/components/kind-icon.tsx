import type { WarehouseKind } from '@hosewright/domain';
import AirportShuttleIcon from '@mui/icons-material/AirportShuttle';
import WarehouseIcon from '@mui/icons-material/Warehouse';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import { useTranslation } from 'react-i18next';

/**
 * A van or a building: the picture people look for in a list. With `labelled`, the icon says its kind to a
 * screen reader (and as a tooltip); without, it is decoration beside the written kind.
 */
export function KindIcon({
  kind,
  labelled = false,
  ...props
}: { kind: WarehouseKind; labelled?: boolean } & SvgIconProps) {
  const { t } = useTranslation();
  const Icon = kind === 'van' ? AirportShuttleIcon : WarehouseIcon;
  return labelled ? (
    <Icon titleAccess={t(`warehouses.kinds.${kind}`)} {...props} />
  ) : (
    <Icon aria-hidden {...props} />
  );
}
