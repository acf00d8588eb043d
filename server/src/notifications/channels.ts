/**
 * The channels a notification leaves by: email through the server's SMTP mailer (to the
 * operator's address) and Telegram through the Bot API (`POST {apiUrl}/bot<token>/sendMessage`
 * with {chat_id, text}). Each send resolves when the message was accepted and throws an Error
 * whose message is a sentence for the delivery log (never holding the bot token).
 */
import { z } from 'zod';
import type { Mailer } from '../auth/mailer.js';

/** Telegram refuses longer messages. */
const TELEGRAM_MAX_TEXT = 4096;
/** A Bot API call that takes longer than this counts as failed (it is retried). */
const TELEGRAM_TIMEOUT_MS = 10_000;

/** What the Bot API answers (https://core.telegram.org/bots/api#making-requests). */
const BotApiAnswer = z.object({ ok: z.boolean(), description: z.string().optional() });

export async function sendTelegram(options: {
  apiUrl: string;
  token: string;
  chatId: string;
  text: string;
  fetch?: typeof fetch;
}): Promise<void> {
  const doFetch = options.fetch ?? fetch;
  const text =
    options.text.length > TELEGRAM_MAX_TEXT
      ? `${options.text.slice(0, TELEGRAM_MAX_TEXT - 1)}…`
      : options.text;
  let response: Response;
  try {
    response = await doFetch(`${options.apiUrl}/bot${options.token}/sendMessage`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ chat_id: options.chatId, text }),
      redirect: 'error',
      signal: AbortSignal.timeout(TELEGRAM_TIMEOUT_MS),
    });
  } catch (error) {
    const reason =
      error instanceof Error && error.name === 'TimeoutError'
        ? `it did not answer within ${TELEGRAM_TIMEOUT_MS / 1000} seconds`
        : 'it could not be reached';
    throw new Error(`Telegram did not take the message: ${reason}.`, { cause: error });
  }
  const body: unknown = await response.json().catch(() => null);
  const answer = BotApiAnswer.safeParse(body);
  if (answer.success && answer.data.ok && response.ok) return;
  const description = answer.success ? answer.data.description : undefined;
  throw new Error(
    `Telegram refused the message (HTTP ${response.status})${description ? `: ${description}` : '.'}`,
  );
}

export async function sendEmail(mailer: Mailer, to: string, subject: string, text: string): Promise<void> {
  try {
    await mailer.sendNotification(to, subject, text);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`The SMTP server did not take the email: ${reason}`, { cause: error });
  }
}
