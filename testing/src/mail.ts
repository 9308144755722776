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

/** Waits for the newest message to `to` (optionally whose subject contains `subject`). */
export async function waitForMail(to: string, options: { subject?: string; timeoutMs?: number; after?: Date } = {}) {
  const deadline = Date.now() + (options.timeoutMs ?? 15_000);
  while (Date.now() < deadline) {
    const search = await fetch(`${apiUrl()}/api/v1/search?query=${encodeURIComponent(`to:${to}`)}`);
    const { messages } = (await search.json()) as { messages: { ID: string; Subject: string; Created: string }[] };
    const hit = messages.find(
      (m) =>
        (!options.subject || m.Subject.includes(options.subject)) &&
        (!options.after || new Date(m.Created) >= options.after),
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
