import { ChevronRight, House } from './icons';
import { Link } from 'react-router';

/** Home › {section} › {title}: the trail above an article or a project. */
export function Breadcrumb({ section, sectionHref, title }: { section: string; sectionHref: string; title: string }) {
  return (
    // min-w-0: in a flex row the trail may shrink below its title's width, so a long title is cut with '…'
    // instead of widening the page.
    <nav aria-label="Breadcrumb" className="min-w-0">
      <ol className="flex min-w-0 items-center gap-1.5 text-sm text-slate-500">
        <li className="shrink-0">
          <Link to="/" className="flex items-center gap-1 hover:text-brand-700">
            <House className="size-4" aria-hidden="true" />
            Home
          </Link>
        </li>
        <li className="shrink-0" aria-hidden="true">
          <ChevronRight className="size-4 text-slate-300" />
        </li>
        <li className="shrink-0">
          <Link to={sectionHref} className="hover:text-brand-700">
            {section}
          </Link>
        </li>
        <li className="shrink-0" aria-hidden="true">
          <ChevronRight className="size-4 text-slate-300" />
        </li>
        <li className="min-w-0 truncate font-medium text-slate-700" aria-current="page">
          {title}
        </li>
      </ol>
    </nav>
  );
}
