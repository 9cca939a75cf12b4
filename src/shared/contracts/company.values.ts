/* Company settings' plain values, without zod, for the public pages (ADR 0010). */

/** A Google Analytics 4 measurement ID, e.g. G-1A2B3C4D5E (Content › SEO). */
export const ANALYTICS_ID_PATTERN = /^G-[A-Z0-9]{4,16}$/;
