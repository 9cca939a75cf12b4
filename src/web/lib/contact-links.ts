/** Links built from the company's contact details, so every screen formats them the same way. */

export function mailtoHref(email: string, options: { subject?: string; body?: string } = {}): string {
  const params = new URLSearchParams();
  if (options.subject) params.set('subject', options.subject);
  if (options.body) params.set('body', options.body);
  // URLSearchParams encodes spaces as '+', which mail clients show literally; mailto wants %20.
  const query = params.toString().replace(/\+/g, '%20');
  return `mailto:${email}${query ? `?${query}` : ''}`;
}

export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

/** wa.me wants the international number as digits only, without '+' or spaces. */
export function whatsappHref(whatsapp: string): string {
  return `https://wa.me/${whatsapp.replace(/\D/g, '')}`;
}
