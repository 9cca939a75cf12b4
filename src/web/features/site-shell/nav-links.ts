/** Site navigation targets. Home sections are anchors on '/', so they work from every page. */
export const primaryNav = [
  { label: 'Services', to: '/#services' },
  { label: 'Portfolio', to: '/portfolio' },
  { label: 'About', to: '/#about' },
  { label: 'Blog', to: '/blog' },
] as const;

export const quickLinks = [
  { label: 'Home', to: '/' },
  { label: 'Services', to: '/#services' },
  { label: 'Portfolio', to: '/portfolio' },
  { label: 'Blog', to: '/blog' },
  { label: 'About', to: '/#about' },
  { label: 'Get Quote', to: '/#get-quote' },
  { label: 'Verify Certificate', to: '/verify-certificate' },
] as const;
