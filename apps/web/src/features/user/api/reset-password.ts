import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { okResponseSchema } from '@/lib/ok-response';

/** `POST /api/v1/user/resetpassword` (no payload): the server emails a reset link. */
export function resetPassword() {
  return api.post('/api/v1/user/resetpassword', undefined, okResponseSchema);
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
