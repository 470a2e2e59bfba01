/** The return note's route (route-tree.ts); its form is `${RETURN_NOTE_PATH}/{type}?id=`. */
export const RETURN_NOTE_PATH = '/procurement/return-note';

/** A new return note made from a received receiving order (its view page's "Create return note"). */
export const newReturnNotePath = (receivingOrderId: string) =>
  `${RETURN_NOTE_PATH}/new?receiving_order_id=${encodeURIComponent(receivingOrderId)}`;
