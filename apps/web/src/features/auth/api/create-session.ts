import { type SessionProfile, sessionProfileSchema } from '@hosewright/domain';
import { api } from '@/lib/api';

/**
 * `POST /api/v1/sessions/create` (empty body, bearer token): the server starts the session and answers the
 * profile. Called once per sign-in by the session start, never from a component, so it has no hook.
 */
export function createSession(token: string): Promise<SessionProfile> {
  return api.post('/api/v1/sessions/create', undefined, sessionProfileSchema, { token });
}
