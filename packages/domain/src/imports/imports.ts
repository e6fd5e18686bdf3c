/** TRANSITION: this resource's endpoint contracts (see api/endpoint.ts and session/session.ts for the form). */
export const IMPORTS_ENDPOINTS = [] as const;
