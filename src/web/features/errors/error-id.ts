/** An error ID a visitor can quote: time-based (base 36) plus random, e.g. ERR-MHX2K9QZ-7F3A. */
export function createErrorId(now: number = Date.now()): string {
  const random = Math.floor(Math.random() * 36 ** 4)
    .toString(36)
    .padStart(4, '0');
  return `ERR-${now.toString(36)}-${random}`.toUpperCase();
}
