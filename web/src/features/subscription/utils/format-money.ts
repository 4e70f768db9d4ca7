/** "€4.00" from Stripe's minor units, honouring currencies without decimals (JPY). */
export function formatMoney(amount: number, currency: string): string {
  const format = new Intl.NumberFormat(undefined, { style: "currency", currency: currency.toUpperCase() });
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(amount / 10 ** digits);
}

export function perInterval(interval: string | null): string {
  return interval === "year" ? "per year" : interval === "month" ? "per month" : interval ? `per ${interval}` : "";
}
