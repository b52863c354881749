import type { CartSection } from './queries';

/** The cart page path, prefixed with the store's path prefix when there is one (000 §2). */
export function cartPath(section: CartSection, pathPrefix?: string | null): string {
  return `${pathPrefix ? `/${pathPrefix}` : ''}/cart/page/index/${section}`;
}
