/**
 * The pre-rendered contact form brought to life (loaded by visitor.ts when the visitor first touches it):
 * hydrated with the providers it was rendered with in public-pages.tsx.
 */
import '@/lib/i18n';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import { hydrateRoot } from 'react-dom/client';
import { ContactForm } from '@/features/marketing/components/contact-form';
import { createQueryClient } from '@/lib/query-client';
import { theme } from '@/lib/theme';
import { CONTACT_ID_PREFIX } from './contact-island-id';

export function hydrateContactForm(container: Element): void {
  hydrateRoot(
    container,
    <QueryClientProvider client={createQueryClient()}>
      <ThemeProvider theme={theme}>
        <ContactForm />
      </ThemeProvider>
    </QueryClientProvider>,
    { identifierPrefix: CONTACT_ID_PREFIX },
  );
}
