import type { MetaDescriptor } from 'react-router';

/** Admin pages: "<title> | Admin", never indexed. */
export function adminMeta(title: string): MetaDescriptor[] {
  return [{ title: `${title} | Admin` }, { name: 'robots', content: 'noindex, nofollow' }];
}
