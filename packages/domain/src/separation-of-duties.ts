// Separation of duties (docs/security.md): the words the API answers a refused console write with
// and the console shows beside a business's record, so they never disagree.

/** A staff member on the business's team (owner, manager or cashier) reviews or edits none of it. */
export const OWN_BUSINESS = 'You belong to this business, so another staff member must review it.';

/** A lead of a business cannot go to a staff member on its team. */
export const ASSIGNEE_OWN_BUSINESS = 'This staff member belongs to this business, so the lead must go to someone else.';
