import { type APIRequestContext, expect } from '@playwright/test';
import { adminSession } from './session';

/** A row of the development outbox (no SMTP_URL in the tests: the message row is the delivery). */
export interface OutboxMessage {
  id: string;
  kind: string;
  state: string;
  toAddress: string;
  language: string;
  subject: string;
}

/** The messages to an address, newest first, as the console's API lists them (optionally of one kind). */
export async function messagesTo(request: APIRequestContext, address: string, kind?: string): Promise<OutboxMessage[]> {
  const filter = encodeURIComponent(JSON.stringify({ q: address, ...(kind ? { kind } : {}) }));
  const res = await request.get(`/api/admin/messages?filter=${filter}&range=${encodeURIComponent('[0,49]')}`, {
    headers: (await adminSession()).headers,
  });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as OutboxMessage[]).filter((m) => m.toAddress.toLowerCase() === address.toLowerCase());
}

/** The HTML part of one message. */
export async function messageHtml(request: APIRequestContext, id: string): Promise<string> {
  const res = await request.get(`/api/admin/messages/${id}`, { headers: (await adminSession()).headers });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { html: string }).html;
}

/**
 * Waits for the invitation e-mail to an address to be sent (its subject and parts are written when it goes out) and
 * answers it with the link it carries (`<public url>/invitation/<token>`).
 */
export async function invitationEmail(request: APIRequestContext, address: string): Promise<{ message: OutboxMessage; link: string }> {
  let message: OutboxMessage | undefined;
  await expect
    .poll(async () => (message = (await messagesTo(request, address, 'organization-invitation'))[0])?.state, { timeout: 20_000 })
    .toBe('sent');
  const html = await messageHtml(request, message!.id);
  const link = /href="([^"]*\/invitation\/[^"]+)"/.exec(html)?.[1];
  expect(link, `no invitation link in the e-mail:\n${html}`).toBeTruthy();
  return { message: message!, link: link!.replace(/&amp;/g, '&') };
}
