// A staff change to a contact conversation (docs/decisions/017): staff open it.

import { conversationChange, markReadByStaff, moveTo } from './conversation.ts';

/**
 * Staff open a conversation (the web sends this when its page opens): it is read from now on
 * (until the customer writes more), and the first opening moves a new one to open. A merged one
 * marks the conversation it joined. Answers the conversation.
 */
export const markContactRead = conversationChange(async (tx, row, actorId, _input, now) => {
  await markReadByStaff(tx, row, now);
  if (row.state === 'new') await moveTo(tx, row, actorId, 'open', now);
});
