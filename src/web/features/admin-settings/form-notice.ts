export type FormNoticeType = 'success' | 'error' | 'warning';

export interface FormNotice {
  type: FormNoticeType;
  text: string;
}

/** First message per field of a zod error (issues[].path[0]). */
export function fieldErrors<F extends string>(
  issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>,
  fields: readonly F[],
): Partial<Record<F, string>> {
  const out: Partial<Record<F, string>> = {};
  for (const issue of issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && (fields as readonly string[]).includes(field) && !out[field as F]) {
      out[field as F] = issue.message;
    }
  }
  return out;
}
