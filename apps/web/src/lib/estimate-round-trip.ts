/**
 * The round trip from a sales estimate to the assembly builder and back (issue 17, ADR 21): the estimate
 * opens the builder with `returnTo`, its own address; saving the assembly goes back there with
 * `addAssembly`, the new assembly's id, and the estimate adds it as a line. Only an estimate page of this
 * app is a place to return to, so the address cannot send anyone elsewhere (see `safeReturnTo`).
 */
import { safeReturnTo } from './navigation';

export const RETURN_TO_PARAM = 'returnTo';
export const ADD_ASSEMBLY_PARAM = 'addAssembly';

const ESTIMATE_PATH = /^\/salesestimates?(?:[/?#]|$)/;

/** `target` when it is the path of an estimate page (`/salesestimate...`); null for anything else. */
export function estimateReturnTo(target: string | null | undefined): string | null {
  const safe = safeReturnTo(target, '');
  return ESTIMATE_PATH.test(safe) ? safe : null;
}

/** The builder of a new assembly for `customerId` that returns to the estimate at `returnTo`. */
export function builderPathFor(customerId: string, returnTo: string): string {
  return `/customer/${encodeURIComponent(customerId)}/hoseassemblies/new?${RETURN_TO_PARAM}=${encodeURIComponent(returnTo)}`;
}

/** `returnTo` with the saved assembly to add in its query (what it already has is kept). */
export function withAddedAssembly(returnTo: string, assemblyId: string): string {
  const url = new URL(returnTo, 'http://app.invalid');
  url.searchParams.set(ADD_ASSEMBLY_PARAM, assemblyId);
  return `${url.pathname}${url.search}${url.hash}`;
}
