/** Reads the run's mail server (Mailpit, or the bundled catcher that answers the same API). */
export type MailMessage = {
  ID: string;
  Subject: string;
  To: { Address: string }[];
  Text: string;
  HTML: string;
};

const apiUrl = () => {
  const url = process.env.MAIL_API_URL;
  if (!url) throw new Error('MAIL_API_URL is not set; run the tests through jest so the global setup starts mail');
  return url;
};

/** The ids of the messages to `to` now: pass them as `exceptIds` to wait for one sent after this moment. */
export async function mailIds(to: string): Promise<Set<string>> {
  const search = await fetch(`${apiUrl()}/api/v1/search?query=${encodeURIComponent(`to:${to}`)}`);
  const { messages } = (await search.json()) as { messages: { ID: string }[] };
  return new Set(messages.map((m) => m.ID));
}

/**
 * Waits for the newest message to `to` (optionally whose subject contains `subject`). `exceptIds`
 * passes over messages that were there before (mailIds): a second code to the same address a moment
 * after the first is then never mistaken for it, as a time window (`after`) can be when both fall in it.
 */
export async function waitForMail(
  to: string,
  options: { subject?: string; timeoutMs?: number; after?: Date; exceptIds?: Set<string> } = {},
) {
  const deadline = Date.now() + (options.timeoutMs ?? 15_000);
  while (Date.now() < deadline) {
    const search = await fetch(`${apiUrl()}/api/v1/search?query=${encodeURIComponent(`to:${to}`)}`);
    const { messages } = (await search.json()) as { messages: { ID: string; Subject: string; Created: string }[] };
    const hit = messages.find(
      (m) =>
        (!options.subject || m.Subject.includes(options.subject)) &&
        (!options.after || new Date(m.Created) >= options.after) &&
        !options.exceptIds?.has(m.ID),
    );
    if (hit) return (await (await fetch(`${apiUrl()}/api/v1/message/${hit.ID}`)).json()) as MailMessage;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`No mail to ${to}${options.subject ? ` with subject containing "${options.subject}"` : ''}`);
}

/** Every message to `to`, newest first. */
export async function mailTo(to: string): Promise<MailMessage[]> {
  const search = await fetch(`${apiUrl()}/api/v1/search?query=${encodeURIComponent(`to:${to}`)}`);
  const { messages } = (await search.json()) as { messages: { ID: string }[] };
  return Promise.all(
    messages.map(async (m) => (await (await fetch(`${apiUrl()}/api/v1/message/${m.ID}`)).json()) as MailMessage),
  );
}

export const uniqueEmail = (label = 'user') =>
  `${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.test`;

/** A message's headers as the mail server parsed them: name → values (Mailpit's `/headers` answer). */
export async function mailHeaders(id: string): Promise<Record<string, string[]>> {
  const res = await fetch(`${apiUrl()}/api/v1/message/${id}/headers`);
  if (!res.ok) throw new Error(`headers of ${id}: ${res.status}`);
  return (await res.json()) as Record<string, string[]>;
}

/** One header's first value, whatever the case of its name. */
export function headerValue(headers: Record<string, string[]>, name: string): string | undefined {
  const key = Object.keys(headers).find((k) => k.toLowerCase() === name.toLowerCase());
  return key ? headers[key]?.[0] : undefined;
}

/**
 * Mailpit's HTML-compatibility check of a message: the share of the HTML and CSS it uses that mail
 * clients support fully or partly (`Supported + Partial`, in %), and its warnings. Null where the run
 * uses the bundled catcher, which has no such check.
 */
export async function mailHtmlCheck(id: string): Promise<{ score: number; warnings: string[] } | null> {
  if (process.env.MAIL_KIND !== 'mailpit') return null;
  const res = await fetch(`${apiUrl()}/api/v1/message/${id}/html-check`);
  if (!res.ok) throw new Error(`html-check of ${id}: ${res.status}`);
  const body = (await res.json()) as {
    Total: { Supported: number; Partial: number };
    Warnings: { Title: string; Results?: unknown }[];
  };
  return { score: body.Total.Supported + body.Total.Partial, warnings: body.Warnings.map((w) => w.Title) };
}
