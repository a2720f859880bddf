// Every number of contact and newsletter's spam defences in one place (README "Contact and
// newsletter"), so a review reads the policy here and tests derive their boundaries from it.
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/**
 * The contact form. No third party: a honeypot field (HONEYPOT_FIELD), a minimum fill time read
 * from a start token the server signed when the form was opened, and two rate limits counted in
 * the database (exact across processes: each request counts under advisory locks of its address
 * and e-mail, then writes its row in the same transaction).
 * - minFillMs: a person needs longer than this to fill four fields; a script posting at once does not.
 * - tokenMaxAgeMs: a start token older than this is refused (formExpired), so one token cannot be
 *   replayed forever; the limits below bound its use meanwhile.
 * - per client address: perAddressPerWindow messages a window (a shared office still gets through).
 * - per e-mail: perEmailPerWindow messages a window, which also bounds the receipts a stranger can
 *   make us send to someone else's mailbox (the receipt never repeats what was written).
 */
export const CONTACT = {
  minFillMs: 3 * SECOND,
  tokenMaxAgeMs: 24 * HOUR,
  windowMs: HOUR,
  perAddressPerWindow: 5,
  perEmailPerWindow: 3,
} as const;

/**
 * The newsletter, double opt-in. A confirmation link is valid confirmTtlMs. An address gets at most
 * one newsletter mail per resendGapMs (a repeated sign-up inside it is answered alike and sends
 * nothing) and perEmailPerDay a day; a client address may cause perAddressPerWindow mails a window,
 * then 429. Unsubscribe links work unsubscribeTtlMs after their mail (well past the 30 days the
 * CAN-SPAM Act asks for).
 */
export const NEWSLETTER = {
  confirmTtlMs: 48 * HOUR,
  unsubscribeTtlMs: 365 * 24 * HOUR,
  resendGapMs: 10 * MINUTE,
  perEmailPerDay: 5,
  windowMs: HOUR,
  perAddressPerWindow: 10,
} as const;

export const HOURS = (ms: number) => Math.round(ms / HOUR);
