import { api } from '@/lib/api';
import { type OkResponse, okResponseSchema } from '@/lib/ok-response';

/**
 * `POST /api/v1/sessions/delete` with the stored token (SPEC 4 "Logout"). The logout sequence decides where
 * a failure leads, so the client's own 401 navigation is off.
 */
export function deleteSession(token: string): Promise<OkResponse> {
  return api.post('/api/v1/sessions/delete', undefined, okResponseSchema, { token, handleAuthErrors: false });
}
