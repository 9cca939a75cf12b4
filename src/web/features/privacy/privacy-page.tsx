import { mailtoHref } from '../../lib/contact-links';

/** The short privacy note the footer links to: what the first-party analytics keep (ADR 0016). */
export function PrivacyPage({ companyName, email }: { companyName: string; email: string }) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-16 sm:px-6 sm:py-24 lg:px-8">
      <p className="text-sm font-semibold tracking-wider text-brand-700 uppercase">Privacy</p>
      <h1 className="mt-3 text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl">How we count visits</h1>
      <div className="mt-8 flex flex-col gap-6 text-base leading-7 text-slate-700 [&_h2]:mt-4 [&_h2]:text-xl [&_h2]:font-semibold [&_h2]:text-slate-900">
        <p>
          {companyName} counts visits to this site itself, to learn which pages help our visitors. We do it without
          cookies and without keeping anything that could tell us who you are.
        </p>
        <h2>What is recorded</h2>
        <ul className="list-disc pl-6">
          <li>the page you opened, without anything you typed into its address;</li>
          <li>the site you came from (its address without the query), or that you came directly;</li>
          <li>
            things you did on the page that we want to improve: liking or sharing an article, commenting, sending a
            quote request, verifying a certificate, following a link to another site;
          </li>
          <li>how long the page was open in front of you, in seconds.</li>
        </ul>
        <h2>What is never recorded</h2>
        <p>
          No cookie is set and nothing is stored in your browser for counting. Your IP address and browser are never
          stored. To count unique visitors, the server mixes your address and browser with a random value that changes
          every day and keeps only the result. The day&apos;s random value is deleted once the day is over, so nobody,
          including us, can later work out which address a visit came from, or link your visits on different days.
        </p>
        <h2>When nothing is counted</h2>
        <p>
          If your browser sends Do Not Track or Global Privacy Control, your visits are not counted at all. Neither are
          visits by search-engine robots or by our own staff.
        </p>
        <h2>Questions</h2>
        <p>
          Write to us{email ? ' at ' : '.'}
          {email && (
            <a href={mailtoHref(email)} className="font-medium text-brand-700 underline underline-offset-4">
              {email}
            </a>
          )}
          {email && '.'}
        </p>
      </div>
    </article>
  );
}
