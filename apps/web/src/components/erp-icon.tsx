/**
 * The icon of the ERP the organisation names in its settings (`erpName`), shown next to a record's ERP id.
 * Its name is the setting's `erpIcon` ('SAP' -> 'sapIcon'); an ERP without an icon of its own gets the generic
 * linked-system icon. Nothing shows when no ERP is named.
 */
import type { SvgIconComponent } from '@mui/icons-material';
import HubOutlinedIcon from '@mui/icons-material/HubOutlined';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import { useTranslation } from 'react-i18next';
import { useOrganizationSetting } from '@/lib/organization-settings';

/** Custom icons by icon name; none is drawn yet, so every ERP shows the generic icon. */
const ERP_ICONS: Readonly<Record<string, SvgIconComponent>> = {};

export function ErpIcon(props: SvgIconProps) {
  const { t } = useTranslation();
  const erpIcon = useOrganizationSetting('erpIcon');
  const erpName = useOrganizationSetting('erpName');
  if (!erpIcon) return null;
  const Icon = Object.hasOwn(ERP_ICONS, erpIcon) ? ERP_ICONS[erpIcon]! : HubOutlinedIcon;
  return (
    <Icon
      fontSize="small"
      data-erp-icon={erpIcon}
      titleAccess={t('settings.erpIconTitle', { name: erpName })}
      sx={{ verticalAlign: 'text-bottom', mr: 0.5 }}
      {...props}
    />
  );
}
