/** Share addresses of the networks the article offers (each opens that network's own share dialog). */
export function shareLinks(url: string, title: string) {
  const u = encodeURIComponent(url);
  return [
    {
      network: 'twitter',
      label: 'Twitter/X',
      href: `https://twitter.com/intent/tweet?url=${u}&text=${encodeURIComponent(title)}`,
    },
    { network: 'linkedin', label: 'LinkedIn', href: `https://www.linkedin.com/sharing/share-offsite/?url=${u}` },
    { network: 'facebook', label: 'Facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${u}` },
    { network: 'whatsapp', label: 'WhatsApp', href: `https://wa.me/?text=${encodeURIComponent(`${title} ${url}`)}` },
  ] as const;
}
