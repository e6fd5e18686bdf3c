import Box from '@mui/material/Box';
import SvgIcon, { type SvgIconProps } from '@mui/material/SvgIcon';

/** The Hosewright mark: a hose with a fitting on each end. */
export function LogoMark(props: SvgIconProps) {
  return (
    <SvgIcon viewBox="0 0 32 32" {...props}>
      <rect width="32" height="32" rx="6" fill="currentColor" opacity="0.15" />
      <path
        d="M6 22c4 0 5-12 10-12s6 12 10 12"
        fill="none"
        stroke="currentColor"
        strokeWidth="3"
        strokeLinecap="round"
      />
      <rect x="3" y="19" width="6" height="6" rx="1" fill="#f2b632" />
      <rect x="23" y="19" width="6" height="6" rx="1" fill="#f2b632" />
    </SvgIcon>
  );
}

/** The mark and the name; `compact` (a phone's top bar, where the history buttons need the room) the mark only. */
export function Logo({ compact = false }: { compact?: boolean }) {
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
      <LogoMark fontSize="large" />
      {compact ? null : (
        <Box component="span" sx={{ fontWeight: 700, fontSize: '1.25rem', letterSpacing: 0.3 }}>
          Hosewright
        </Box>
      )}
    </Box>
  );
}
