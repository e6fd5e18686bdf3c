import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { SampleDataState } from './get-sample-data';
import { componentKeys, ORG_API } from './paths';

/** `POST sampledata/delete` (admin): removes every sample item in one go. */
export function deleteSampleData() {
  return api.post<SampleDataState>(`${ORG_API}/sampledata/delete`);
}

export function useDeleteSampleData() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSampleData,
    onSuccess: (state) => {
      queryClient.setQueryData(componentKeys.sampleData(), state);
      void queryClient.invalidateQueries({ queryKey: componentKeys.all });
    },
  });
}
