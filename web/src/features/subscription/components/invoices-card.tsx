import { useOwnerTimeZone } from "@/hooks/use-owner-time-zone";
import { FileText } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { formatDateTime } from "@/lib/format-date-time";
import { useInvoices } from "../api/get-invoices";
import { formatMoney } from "../utils/format-money";

/** Invoices from Stripe, newest first, with links to Stripe's pages for each. */
export function InvoicesCard() {
  const invoices = useInvoices(true);
  const zone = useOwnerTimeZone();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Invoices</CardTitle>
        <CardDescription>Receipts for every payment, kept by Stripe.</CardDescription>
      </CardHeader>
      <CardContent>
        {invoices.isPending ? (
          <Skeleton className="h-16 w-full" />
        ) : invoices.isError ? (
          <p className="text-sm text-muted-foreground">
            Invoices could not be loaded right now: {invoices.error.message}
          </p>
        ) : invoices.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">No invoices yet. They appear here after your first payment.</p>
        ) : (
          <ul className="divide-y">
            {invoices.data.map((i) => (
              <li key={i.id} className="flex flex-wrap items-center justify-between gap-2 py-3 text-sm">
                <span className="flex items-center gap-2">
                  <FileText className="size-4 text-muted-foreground" aria-hidden="true" />
                  {formatDateTime(new Date(i.created), zone)}
                  {i.number && <span className="text-muted-foreground">· {i.number}</span>}
                </span>
                <span className="flex items-center gap-3">
                  <span className="tabular-nums">{formatMoney(i.amount, i.currency)}</span>
                  <Badge variant={i.status === "paid" ? "success" : i.status === "open" ? "warning" : "neutral"}>
                    {i.status ?? "unknown"}
                  </Badge>
                  {i.url && (
                    <a
                      className="text-primary underline-offset-4 hover:underline"
                      href={i.url}
                      target="_blank"
                      rel="noreferrer noopener"
                    >
                      View
                    </a>
                  )}
                  {i.pdf && (
                    <a
                      className="text-primary underline-offset-4 hover:underline"
                      href={i.pdf}
                      target="_blank"
                      rel="noreferrer noopener"
                    >
                      PDF
                    </a>
                  )}
                </span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
