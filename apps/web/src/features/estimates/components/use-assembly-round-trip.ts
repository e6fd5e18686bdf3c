/**
 * An estimate editor's round trip to the assembly builder (issue 17, `lib/estimate-round-trip.ts`): "Build a
 * new assembly" keeps what was typed (`draft-storage.ts`) and opens the builder for the customer with the
 * way back to this page; the builder comes back with `addAssembly`, which is read, added as a line of one
 * (the live pricing then prices it) and taken out of the address.
 */
import { useQueryClient } from '@tanstack/react-query';
import { type Dispatch, type SetStateAction, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { assemblyQuery } from '@/api/assemblies';
import { ADD_ASSEMBLY_PARAM, builderPathFor } from '@/lib/estimate-round-trip';
import { snackbar } from '@/lib/snackbar-store';
import { forgetDraft, keepDraft } from '../lib/draft-storage';
import { type EstimateDraft, newLine } from '../lib/form';

export interface AssemblyRoundTrip {
  /** Keeps the draft and opens the builder for `customerId`. */
  buildAssembly: (customerId: string) => void;
  /** The row of the assembly just added, whose quantity takes the focus; null before. */
  addedKey: string | null;
}

/**
 * `storageKey` names this page's kept draft, which the form read into its first state (`keptDraft`); it
 * is forgotten once the page is open, so it is given back once. `returnTo` is this page's address.
 */
export function useAssemblyRoundTrip({
  storageKey,
  returnTo,
  draft,
  setDraft,
}: {
  storageKey: string;
  returnTo: string;
  draft: EstimateDraft;
  setDraft: Dispatch<SetStateAction<EstimateDraft>>;
}): AssemblyRoundTrip {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [searchParams, setSearchParams] = useSearchParams();
  const [addedKey, setAddedKey] = useState<string | null>(null);
  const added = searchParams.get(ADD_ASSEMBLY_PARAM);
  // The id already being added: the effect runs again (a re-render, strict mode) without adding it twice.
  const adding = useRef<string | null>(null);

  useEffect(() => forgetDraft(storageKey), [storageKey]);

  useEffect(() => {
    if (!added || adding.current === added) return;
    adding.current = added;
    queryClient
      .fetchQuery(assemblyQuery(added))
      .then(
        (assembly) => {
          const line = newLine('assembly', {
            id: assembly._id,
            title: assembly.title,
            description: assembly.description,
          });
          setAddedKey(line.key);
          setDraft((current) => ({ ...current, lines: [...current.lines, line] }));
        },
        (error: Error) =>
          snackbar.warning(t('estimates.lines.assemblyAddFailed', { message: error.message })),
      )
      .finally(() =>
        setSearchParams(
          (params) => {
            const next = new URLSearchParams(params);
            next.delete(ADD_ASSEMBLY_PARAM);
            return next;
          },
          { replace: true },
        ),
      );
  }, [added, queryClient, setDraft, setSearchParams, t]);

  const buildAssembly = (customerId: string) => {
    if (!keepDraft(storageKey, draft)) {
      snackbar.warning(t('estimates.lines.draftNotKept'));
      return;
    }
    navigate(builderPathFor(customerId, returnTo));
  };

  return { buildAssembly, addedKey };
}
