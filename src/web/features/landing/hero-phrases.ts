/** Spec section 1: the hero's rotating line. */
export const HERO_PHRASES = [
  'Empowering your business online',
  'Innovative digital solutions',
  'Transforming ideas into reality',
] as const;
