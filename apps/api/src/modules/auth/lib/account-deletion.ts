// What happens to a member's data when the account is deleted (SPEC.md 3). Each module that keeps
// data about members exports a step from its service, and modules/index.ts lists them
// (ACCOUNT_DELETION_STEPS), so a new one is one line in that list and no edit of auth:
//
//   export const forgetMemberPrints: AccountDeletionStep = {
//     name: 'prints',
//     run: (tx, userId) => deletePrintsOf(tx, userId),          // personal: erase
//   };
//
// Steps run in list order inside the deletion transaction, before the users row goes; an error
// rolls the whole deletion back. Tables that reference users(id) should also say ON DELETE CASCADE
// (personal rows) or SET NULL (rows kept for counts) so nothing can block the delete.
import type { Executor } from '../../../db/client.ts';

export interface AccountDeletionStep {
  /** Names the step in logs and errors. */
  name: string;
  run(tx: Executor, userId: number): Promise<void>;
}

/** Runs every step, in order, inside the deletion transaction `tx`. */
export async function runAccountDeletionSteps(steps: readonly AccountDeletionStep[], tx: Executor, userId: number): Promise<void> {
  for (const step of steps) await step.run(tx, userId);
}
