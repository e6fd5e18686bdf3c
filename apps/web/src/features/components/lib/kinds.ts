import {
  COMPONENT_KIND_INFO,
  COMPONENT_KINDS,
  type ComponentKind,
  type ComponentKindInfo,
  kindFromSlug,
  type Origin,
} from '@hosewright/domain';

export { COMPONENT_KINDS, kindFromSlug };

export type KindSlug = ComponentKindInfo['slug'];

export function slugOf(kind: ComponentKind): KindSlug {
  return COMPONENT_KIND_INFO[kind].slug;
}

/** Other items are only ever the shop's own: there is no catalogue of them. */
export function hasCatalogue(kind: ComponentKind): boolean {
  return COMPONENT_KIND_INFO[kind].listPath !== COMPONENT_KIND_INFO[kind].customListPath;
}

/** `/hose/{id}`: the detail page of a component. */
export function detailRoute(kind: ComponentKind, id: string): string {
  return `/${slugOf(kind)}/${encodeURIComponent(id)}`;
}

/** `/components/hose` or `/components/hose/custom`. */
export function listRoute(kind: ComponentKind, origin?: Origin): string {
  return `/components/${slugOf(kind)}${origin ? `/${origin}` : ''}`;
}

export function isOrigin(value: unknown): value is Origin {
  return value === 'catalogue' || value === 'custom';
}
