import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { SampleDataState } from './get-sample-data';
import { componentKeys, ORG_API } from './paths';

/** `POST sampledata/load` (admin): adds the GEN sample catalogue. */
export function loadSampleData() {
  return api.post<SampleDataState>(`${ORG_API}/sampledata/load`);
}

export function useLoadSampleData() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: loadSampleData,
    onSuccess: (state) => {
      queryClient.setQueryData(componentKeys.sampleData(), state);
      void queryClient.invalidateQueries({ queryKey: componentKeys.all });
    },
  });
}
