import { ArrowRight, BookOpen, House } from '../../components/icons';
import { Link } from 'react-router';
import { Button } from '../../components/button';

const quickLinks = [
  { label: 'Services', to: '/#services', text: 'What we build for you' },
  { label: 'Portfolio', to: '/#portfolio', text: 'Projects we delivered' },
  { label: 'About', to: '/#about', text: 'Who we are' },
  { label: 'Get Quote', to: '/#get-quote', text: 'Tell us about your project' },
] as const;

export function NotFoundPage() {
  return (
    <section className="relative isolate overflow-hidden px-4 py-20 sm:px-6 sm:py-28 lg:px-8">
      <div
        aria-hidden="true"
        className="absolute inset-x-0 top-0 -z-10 h-96 bg-linear-to-b from-brand-50 to-transparent"
      />
      <div className="mx-auto max-w-2xl text-center">
        <p className="text-sm font-semibold tracking-widest text-brand-600 uppercase">Error 404</p>
        <h1 className="mt-4 text-4xl font-bold tracking-tight sm:text-5xl">Page not found</h1>
        <p className="mt-5 text-base leading-7 text-slate-600 sm:text-lg">
          Sorry, we couldn't find the page you're looking for. It may have been moved, or the address may be mistyped.
        </p>
        <div className="mt-10 flex flex-col items-stretch justify-center gap-3 sm:flex-row sm:items-center">
          <Button to="/" size="lg">
            <House aria-hidden="true" />
            Go Home
          </Button>
          <Button to="/blog" variant="secondary" size="lg">
            <BookOpen aria-hidden="true" />
            Visit Blog
          </Button>
        </div>
      </div>

      <nav aria-labelledby="not-found-links" className="mx-auto mt-16 max-w-3xl">
        <h2 id="not-found-links" className="text-center text-sm font-semibold text-slate-500">
          Or jump to a section
        </h2>
        <ul className="mt-6 grid gap-3 sm:grid-cols-2">
          {quickLinks.map((link) => (
            <li key={link.to}>
              <Link
                to={link.to}
                className="group flex items-center justify-between gap-4 rounded-xl border border-slate-200 bg-white px-5 py-4 shadow-xs transition hover:border-brand-300 hover:shadow-md"
              >
                <span>
                  <span className="block font-semibold text-slate-900">{link.label}</span>
                  <span className="block text-sm text-slate-500">{link.text}</span>
                </span>
                <ArrowRight
                  className="size-5 shrink-0 text-slate-400 transition group-hover:translate-x-0.5 group-hover:text-brand-600"
                  aria-hidden="true"
                />
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </section>
  );
}
