import { NavLink } from 'react-router';
import type { ReactNode } from 'react';
import { ReadOnlyNote } from '../../components/admin/read-only';
import { cn } from '../../lib/cn';
import { CollectionEditor } from './collection-editor';
import { CompanyForm } from './company-form';
import { collectionSpecs, COMPANY_SECTION, contentPath, SEO_SECTION } from './content-specs';
import { SeoForm } from './seo-form';

const sections = [
  { path: COMPANY_SECTION, label: 'Company' },
  { path: SEO_SECTION, label: 'SEO' },
  ...collectionSpecs.map((spec) => ({ path: spec.path, label: spec.plural })),
];

/** The admin Content tab around its section: the sections' menu and the read-only note. */
export function ContentTab({ canEdit, children }: { canEdit: boolean; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-6">
      {!canEdit && <ReadOnlyNote>Your role can read the site's content but not change it.</ReadOnlyNote>}
      {/* The sections wrap on a phone, so the one open is always in sight. */}
      <nav aria-label="Content sections">
        <ul className="flex flex-wrap gap-1">
          {sections.map((item) => (
            <li key={item.path}>
              <NavLink
                to={contentPath(item.path)}
                end
                className={({ isActive }) =>
                  cn(
                    'block rounded-lg px-3 py-2 text-sm font-medium whitespace-nowrap transition',
                    isActive ? 'bg-brand-600 text-white' : 'text-slate-700 hover:bg-slate-100',
                  )
                }
              >
                {item.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      {children}
    </div>
  );
}

/** A Content section: the company information, the SEO defaults or a landing-page collection. */
export function ContentSection({ section, canEdit }: { section: string; canEdit: boolean }) {
  const spec = collectionSpecs.find((candidate) => candidate.path === section);
  if (spec) return <CollectionEditor key={spec.path} spec={spec} canEdit={canEdit} />;
  if (section === SEO_SECTION) return <SeoForm canEdit={canEdit} />;
  return <CompanyForm canEdit={canEdit} />;
}
