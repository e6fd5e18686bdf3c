import type { Component, ComponentKind } from '@hosewright/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { slugOf } from '../lib/kinds';
import { componentKeys, ORG_API } from './paths';

export interface SaveComponentVariables {
  kind: ComponentKind;
  /** 'new' creates. */
  id: string;
  input: Record<string, unknown>;
}

/** `POST {slug}/{id}/update` (admin) with the kind's input: the saved component. */
export function saveComponent({ kind, id, input }: SaveComponentVariables): Promise<Component> {
  return api.post<Component>(`${ORG_API}/${slugOf(kind)}/${encodeURIComponent(id)}/update`, input);
}

export function useSaveComponent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveComponent,
    onSuccess: (saved) => {
      queryClient.setQueryData(componentKeys.item(saved._id), saved);
      // Lists, counts, compatibility and the next part number all may change with it.
      void queryClient.invalidateQueries({ queryKey: componentKeys.all });
    },
  });
}
