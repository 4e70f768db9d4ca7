// A count with thousands separators ("50,000"), the way the product's English sentences write it.
// Not `toLocaleString("en")`: a schema message is built when its module is evaluated, and Intl's
// first use there loads the browser's locale data, which would hold up every page that reads
// data (docs/decisions/020-web-delivery.md).

/** `50000` → "50,000". */
export function formatCount(n: number): string {
  const [whole = "", fraction] = String(n).split(".");
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return fraction === undefined ? grouped : `${grouped}.${fraction}`;
}
