import { referrerSources } from '../../../shared/contracts/analytics-dashboard';

type ReferrerSource = (typeof referrerSources)[number];

/**
 * The Traffic Sources colours (one each for Google, Direct, LinkedIn, Twitter, Facebook, Other): six
 * hues far enough apart to tell the bars apart, each dark enough to read on white. A source outside the list
 * takes Other's.
 */
export const referrerColors: Record<ReferrerSource, string> = {
  Google: '#2563eb',
  Direct: '#059669',
  LinkedIn: '#7c3aed',
  Twitter: '#0284c7',
  Facebook: '#db2777',
  Other: '#64748b',
};

export function referrerColor(source: string): string {
  return (referrerSources as readonly string[]).includes(source)
    ? referrerColors[source as ReferrerSource]
    : referrerColors.Other;
}
