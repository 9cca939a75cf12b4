import {
  newsletterSendSchema,
  newsletterSendStateSchema,
  type NewsletterSend,
  type NewsletterSendState,
} from '../../../shared/contracts/newsletter';
import { z } from '../../../shared/zod';
import { parseAnswer } from '../../components/admin/parse-answer';
import { api } from '../../lib/api-client';

/* The Blog tab's calls for sending a post to the newsletter's subscribers (ADR 0046). */

export async function fetchSendState(postId: number): Promise<NewsletterSendState> {
  const body = await api.get(`/newsletter/posts/${postId}/send`);
  return parseAnswer(newsletterSendStateSchema, body.data);
}

const testResultSchema = z.object({ to: z.string(), status: z.string() });

/** Mails the post to the signed-in staff member; the answer's message says how it went. */
export async function sendTestMail(postId: number): Promise<{ status: string; message: string }> {
  const body = await api.post(`/newsletter/posts/${postId}/send/test`);
  const data = parseAnswer(testResultSchema, body.data);
  return { status: data.status, message: body.message ?? '' };
}

export async function startNewsletterSend(postId: number): Promise<{ send: NewsletterSend; message: string }> {
  const body = await api.post(`/newsletter/posts/${postId}/send`);
  return { send: parseAnswer(newsletterSendSchema, body.data), message: body.message ?? '' };
}
