import { ArrowLeft, ArrowRight, FileQuestion, MessageSquareText } from '../../components/icons';
import { Link } from 'react-router';
import { Breadcrumb } from '../../components/breadcrumb';
import { Button } from '../../components/button';
import { BLOG_LIST_PATH } from './blog-list-state';

export const BLOG_POST_NOT_FOUND = 'Blog post not found';
export const BLOG_POST_NOT_FOUND_TEXT = 'The requested blog post could not be found.';

export function ArticleBreadcrumb({ title }: { title: string }) {
  return <Breadcrumb section="Blog" sectionHref={BLOG_LIST_PATH} title={title} />;
}

export function BackToBlog() {
  return (
    <Link
      to={BLOG_LIST_PATH}
      className="inline-flex items-center gap-1.5 text-sm font-semibold text-brand-700 hover:text-brand-800"
    >
      <ArrowLeft className="size-4" aria-hidden="true" />
      Back to Blog
    </Link>
  );
}

export function ArticleCallToAction() {
  return (
    <section
      aria-labelledby="cta-heading"
      className="relative isolate overflow-hidden rounded-3xl bg-slate-900 px-6 py-10 text-center text-white sm:px-12 sm:py-14"
    >
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[radial-gradient(ellipse_70%_80%_at_50%_0%,var(--color-brand-700),transparent_70%)]"
      />
      <MessageSquareText className="mx-auto size-10 text-accent-300" aria-hidden="true" />
      <h2 id="cta-heading" className="mt-4 text-2xl font-bold tracking-tight text-white sm:text-3xl">
        Ready to put these ideas to work?
      </h2>
      <p className="mx-auto mt-3 max-w-xl text-base leading-7 text-slate-300">
        Tell us about your project and get a free consultation with a clear plan and quote within 24 hours.
      </p>
      <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
        <Button to="/#get-quote" variant="light" size="lg">
          Get Free Consultation
          <ArrowRight aria-hidden="true" />
        </Button>
        <Button to={BLOG_LIST_PATH} variant="inverse" size="lg">
          Read More Articles
        </Button>
      </div>
    </section>
  );
}

/** The article's not-found state (the response status is 404). */
export function BlogPostNotFound() {
  return (
    <section className="mx-auto max-w-xl px-4 py-24 text-center sm:px-6 sm:py-32">
      <span className="mx-auto grid size-16 place-items-center rounded-2xl bg-brand-50 text-brand-600 ring-1 ring-brand-100">
        <FileQuestion className="size-8" aria-hidden="true" />
      </span>
      <h1 className="mt-6 text-3xl font-bold tracking-tight sm:text-4xl">{BLOG_POST_NOT_FOUND}</h1>
      <p className="mt-4 text-base text-slate-600 sm:text-lg">{BLOG_POST_NOT_FOUND_TEXT}</p>
      <Button to={BLOG_LIST_PATH} size="lg" className="mt-8">
        <ArrowLeft aria-hidden="true" />
        Back to Blog
      </Button>
    </section>
  );
}
