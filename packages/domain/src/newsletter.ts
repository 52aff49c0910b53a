// The newsletter's double opt-in words (docs/decisions.md), kept apart from the lead schemas so
// the footer form, on every page, shows them without loading those.

/** The answer to a subscription, and what the form says after it: nothing is subscribed yet. */
export const NEWSLETTER_CHECK_INBOX = 'Almost done! Check your inbox and open the link we sent to confirm your subscription.';
