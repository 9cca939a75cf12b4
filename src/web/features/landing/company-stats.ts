/** Spec section 9: the company stats are fixed figures, not computed. */
export const COMPANY_STATS = [
  { value: '50+', label: 'Projects Completed' },
  { value: '98%', label: 'Client Satisfaction' },
  { value: '24/7', label: 'Support' },
  { value: '5+', label: 'Years Experience' },
] as const;
