// The mails of contests. Jobs carry ids only; the worker reads the rows.
//   contests.sweepstakes-claim  to the office of the claim's market, flagged when numbers match
//   contests.winner             to a drawn winner (see draw.ts)
import { MARKETS, marketFor, type MarketId } from '@market/domain/markets';
import { greetingName } from '@market/domain/person-name';
import type { MailTemplate, MailTemplates } from '../../mail/lib/templates.ts';
import { findSweepstakesClaim, findWinnerForMail } from '../repository.ts';

export const SWEEPSTAKES_CLAIM_MAIL = 'contests.sweepstakes-claim';
export const WINNER_MAIL = 'contests.winner';

const sweepstakesClaimMail: MailTemplate = async ({ db }, to, data) => {
  const claim = await findSweepstakesClaim(db, Number(data.claimId));
  if (!claim) return null;
  const office = MARKETS[claim.market_id as MarketId];
  return {
    to,
    subject: `${claim.is_match ? 'MATCH - ' : ''}Sweepstakes claim: ${claim.first_name} ${claim.last_name}, ${claim.display_name} (#${claim.id})`,
    paragraphs: [
      claim.is_match
        ? `The numbers of this claim match winning numbers of "${claim.display_name}" (${claim.matched_numbers.join(', ')}). Please verify the entrant's magazine and contact them about the prize: ${claim.prize}.`
        : `A sweepstakes claim for "${claim.display_name}" came in for the ${office?.name ?? claim.market_id} office. Its numbers do not match a winning number.`,
      `Name: ${claim.first_name} ${claim.last_name}`,
      `E-mail: ${claim.email}`,
      `Numbers: ${claim.numbers.join(', ')}`,
      `Address: ${[claim.address1, claim.address2, claim.city].filter((part) => part.trim()).join(', ')}, ${claim.state} ${claim.zip}`,
      `Received: ${claim.created_at}${claim.reference ? ` (reference ${claim.reference})` : ''}. Claim #${claim.id}.`,
    ],
    headers: { 'Reply-To': claim.email },
  };
};

const winnerMail: MailTemplate = async ({ db }, to, data) => {
  const winner = await findWinnerForMail(db, Number(data.winnerId));
  // The account may be gone, or have changed address, before the worker got here.
  if (!winner || winner.email !== to) return null;
  const office = (winner.market_id ? MARKETS[winner.market_id as MarketId] : undefined) ?? marketFor({ state: winner.user_state });
  return {
    to,
    subject: `You won: ${winner.display_name}`,
    preheader: `Congratulations! You won ${winner.winning}.`,
    paragraphs: [
      `Congratulations ${greetingName(winner.first_name)}!`,
      `You were drawn as a winner of "${winner.display_name}". Your prize: ${winner.winning}.`,
      `Our ${office.name} office will contact you within five business days to arrange your prize. You can also reach them at ${office.telephone} (${office.openingHours}).`,
    ],
  };
};

/** The mails of contests, by kind (listed in modules/index.ts). */
export const contestsMails: MailTemplates = {
  [SWEEPSTAKES_CLAIM_MAIL]: sweepstakesClaimMail,
  [WINNER_MAIL]: winnerMail,
};
