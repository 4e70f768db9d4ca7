/**
 * What a recipient's mail says of its link's end, in the access page's words, so the two agree.
 * Said only when the owner set an end: a link without one still stops working if the owner
 * withdraws the release, so "it never expires" would not be true either.
 */
export const linkStopsWorking = (when: string) =>
  `This link stops working on ${when}. Save anything you want to keep before then.`;
