import Backdrop from '@mui/material/Backdrop';
import { useEffect } from 'react';
import { useOverlayStore } from '@/lib/overlay-store';

/** The overlay stack of the app shell, drawn over everything else in the order the entries were pushed. */
export function OverlayStack() {
  const stack = useOverlayStore((s) => s.stack);
  const top = stack.at(-1);

  useEffect(() => {
    const dismiss = top?.onDismiss;
    if (!dismiss) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') dismiss();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [top]);

  return (
    <>
      {stack.map((entry, index) => (
        <Backdrop
          key={entry.id}
          open
          data-overlay-id={entry.id}
          onClick={(event) => {
            if (event.target === event.currentTarget) entry.onDismiss?.();
          }}
          sx={{ zIndex: (theme) => theme.zIndex.modal + 1 + index, color: '#fff' }}
        >
          {entry.content}
        </Backdrop>
      ))}
    </>
  );
}
