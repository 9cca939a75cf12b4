/*
 * Links to the landing page's quote form and what they prefill: apart from
 * contacts.values.ts so that a page with a "Get a quote" link does not download the contact form's rules.
 */

/** The quote form's anchor on the landing page. */
export const QUOTE_FORM_ANCHOR = 'get-quote';
/** `?quote=sent`: the landing page shows the success banner (the form's answer without JavaScript). */
export const QUOTE_SENT_PARAM = 'quote';
export const QUOTE_SENT_VALUE = 'sent';
/** Longest `subject` a link may prefill into Project Details. */
export const QUOTE_SUBJECT_MAX = 200;

export interface QuoteFormPreset {
  /** One of the company's core services (ignored by the form otherwise). */
  service?: string;
  /** A first line for Project Details, e.g. 'Project like Bloom Retail'. */
  subject?: string;
}

/**
 * The address of the quote form, preselecting a service and prefilling Project Details when given:
 * '/?service=Web%20Development&subject=...#get-quote', or '/#get-quote'.
 */
export function quoteFormHref(preset: QuoteFormPreset = {}): string {
  const params = new URLSearchParams();
  const service = preset.service?.trim();
  const subject = preset.subject?.trim();
  if (service) params.set('service', service);
  if (subject) params.set('subject', subject);
  const query = params.toString();
  return `/${query ? `?${query}` : ''}#${QUOTE_FORM_ANCHOR}`;
}

/**
 * What a link's query asks the form to fill in: the service only when it is one of `services` (in any
 * letter case, as the option spells it), the subject trimmed, on one line and cut to QUOTE_SUBJECT_MAX
 * characters. Empty strings when absent.
 */
export function quoteFormPreset(
  query: { get(name: string): string | null },
  services: readonly string[],
): { service: string; message: string } {
  const wanted = query.get('service')?.trim().toLowerCase() ?? '';
  const subject = [...(query.get('subject') ?? '').replace(/[\s\p{Cc}]+/gu, ' ').trim()]
    .slice(0, QUOTE_SUBJECT_MAX)
    .join('');
  const service = (wanted && services.find((option) => option.toLowerCase() === wanted)) || '';
  return { service, message: subject };
}
