// What happens to a member's data when the account is deleted (issue 3): every module that keeps
// data about members registers a handler here, so it plugs in without editing auth.
//
//   import { registerUserDeletionHandler } from './account-deletion.ts';
//   registerUserDeletionHandler('prints', async (userId, tx) => {
//     await tx.delete(userPrints).where(eq(userPrints.userId, userId));        // personal: erase
//   });
//   registerUserDeletionHandler('contest-entries', async (userId, tx) => {
//     await tx.update(contestEntries).set({ userId: null }).where(...);        // counts: anonymise
//   });
//
// Handlers run inside the deletion transaction, before the users row goes; an error rolls the
// whole deletion back. Tables that reference users(id) should also say ON DELETE CASCADE (personal
// rows) or SET NULL (rows kept for counts) so nothing can block the delete.
import type { Executor } from '../../../db/client.ts';

export type UserDeletionHandler = (userId: number, tx: Executor) => Promise<void>;

const handlers = new Map<string, UserDeletionHandler>();

/** Adds (or replaces, by name) the handler a module runs when a member deletes the account. */
export function registerUserDeletionHandler(name: string, handler: UserDeletionHandler): void {
  handlers.set(name, handler);
}

/** Runs every registered handler, in registration order. */
export async function runUserDeletionHandlers(userId: number, tx: Executor): Promise<void> {
  for (const handler of handlers.values()) await handler(userId, tx);
}
