/**
 * A prerendered page that is whole as it is (a form, links) lists its code (the app's and its own)
 * as preload links in an inert template, so none of it competes with the page's first paint. Taken
 * out of the template, the links fetch it all in parallel, for the app to evaluate a file per task
 * (app/evaluate-in-slices.ts). A page without the template (a personal link, a signed-in page)
 * named its code in the open: it downloads alongside the page.
 */
export function fetchPageCode(document: Document): void {
  const template = document.getElementById("page-code");
  if (template instanceof HTMLTemplateElement) template.replaceWith(template.content);
}
