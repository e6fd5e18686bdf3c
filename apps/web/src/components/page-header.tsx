import type { Role, Tier } from '@hosewright/domain';
import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AccessProfile } from '@/lib/session';
import { useViewer } from '@/lib/use-viewer';

/** One entry of the page tools dropdown. */
export interface PageTool {
  commandId: string;
  icon?: ReactNode;
  title: string;
  roles: readonly Role[];
  hidden?: boolean;
  subscriptions?: readonly Tier[];
}

/** An item shows only if the user holds one of its roles, it is not hidden, and the tier is allowed. */
export function isToolVisible(tool: PageTool, access: AccessProfile | null): boolean {
  if (tool.hidden) return false;
  const roles = access?.roles ?? [];
  if (!tool.roles.some((role) => roles.includes(role))) return false;
  if (tool.subscriptions) {
    const tier = access?.subscription?.tier;
    if (!tier || !tool.subscriptions.includes(tier)) return false;
  }
  return true;
}

export interface PageHeaderProps {
  title: string;
  icon?: ReactNode;
  subtitle?: ReactNode;
  tools?: readonly PageTool[];
  isToolsLoading?: boolean;
  /** Called with the index of the item in `tools` and the item. */
  onCommand?: (index: number, tool: PageTool) => void;
  /** Extra actions beside the title (buttons). */
  actions?: ReactNode;
}

export function PageHeader({
  title,
  icon,
  subtitle,
  tools,
  isToolsLoading,
  onCommand,
  actions,
}: PageHeaderProps) {
  const { t } = useTranslation();
  const { access } = useViewer();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const visible = (tools ?? [])
    .map((tool, index) => ({ tool, index }))
    .filter(({ tool }) => isToolVisible(tool, access));

  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap', mb: { xs: 2, sm: 3 } }}>
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1.5, flex: '1 1 240px', minWidth: 0 }}>
        {icon ? (
          <Box
            aria-hidden
            sx={{ display: 'flex', color: 'primary.main', pt: 0.5, '& svg': { fontSize: 32 } }}
          >
            {icon}
          </Box>
        ) : null}
        <Box sx={{ minWidth: 0 }}>
          <Typography
            variant="h4"
            component="h1"
            sx={{ fontSize: { xs: '1.6rem', sm: '2rem' }, fontWeight: 600 }}
          >
            {title}
          </Typography>
          {subtitle ? (
            <Typography variant="body1" color="text.secondary">
              {subtitle}
            </Typography>
          ) : null}
        </Box>
      </Box>
      {actions}
      {tools && (visible.length > 0 || isToolsLoading) ? (
        <>
          <Button
            variant="outlined"
            endIcon={isToolsLoading ? <CircularProgress size={16} aria-hidden /> : <ArrowDropDownIcon />}
            disabled={isToolsLoading}
            aria-haspopup="menu"
            aria-controls={anchor ? menuId : undefined}
            aria-expanded={anchor ? 'true' : undefined}
            aria-busy={isToolsLoading ? 'true' : undefined}
            onClick={(event) => setAnchor(event.currentTarget)}
          >
            {t('pageHeader.tools')}
          </Button>
          <Menu id={menuId} anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
            {visible.map(({ tool, index }) => (
              <MenuItem
                key={tool.commandId}
                onClick={() => {
                  setAnchor(null);
                  onCommand?.(index, tool);
                }}
              >
                {tool.icon ? <ListItemIcon>{tool.icon}</ListItemIcon> : null}
                <ListItemText>{tool.title}</ListItemText>
              </MenuItem>
            ))}
          </Menu>
        </>
      ) : null}
    </Box>
  );
}
