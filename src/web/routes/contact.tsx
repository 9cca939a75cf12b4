import { redirect } from 'react-router';
import type { Route } from './+types/contact';
import { quoteFormHref } from '../../shared/contracts/quote-links.values';

/**
 * /contact is the quote form on the landing page: a permanent redirect to /#get-quote,
 * keeping a service or subject the link asked for.
 */
export function loader({ request }: Route.LoaderArgs) {
  const query = new URL(request.url).searchParams;
  const href = quoteFormHref({
    service: query.get('service') ?? undefined,
    subject: query.get('subject') ?? undefined,
  });
  return redirect(href, 301);
}
