import type { ReactNode } from "react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";

/** A titled card with a one-line explanation and an "empty" sentence when there is nothing. */
export function DiagnosticSection({
  title,
  description,
  empty,
  children,
}: {
  title: string;
  description: string;
  empty: string | null;
  children: ReactNode;
}) {
  return (
    <Card>
      <CardHeader className="pb-3">
        <CardTitle className="text-lg">{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="overflow-x-auto">
        {empty ? <p className="text-sm text-muted-foreground">{empty}</p> : children}
      </CardContent>
    </Card>
  );
}

/**
 * A compact table. From the sm breakpoint up it is a table; below it (a phone) each row is a small
 * card of "label: value" lines, so no column is cut off and a date keeps one line. The label of each
 * value is there as text for both layouts' readers, and hidden from the wide one, which has headers.
 */
export function DiagnosticTable({
  label,
  head,
  rows,
}: {
  label: string;
  head: string[];
  rows: { key: string; cells: ReactNode[] }[];
}) {
  return (
    <table aria-label={label} className="block w-full text-left text-sm sm:table">
      <thead className="hidden text-xs text-muted-foreground sm:table-header-group">
        <tr>
          {head.map((h) => (
            <th key={h} scope="col" className="px-2 py-1.5 font-medium whitespace-nowrap">
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="block sm:table-row-group">
        {rows.map((row) => (
          <tr
            key={row.key}
            className="block border-t py-2 align-top first:border-t-0 sm:table-row sm:py-0 sm:first:border-t"
          >
            {row.cells.map((cell, i) => (
              <td
                key={i}
                className="grid grid-cols-[7.5rem_minmax(0,1fr)] gap-2 px-1 py-0.5 break-words sm:table-cell sm:px-2 sm:py-1.5"
              >
                <span className="text-xs font-medium text-muted-foreground sm:hidden">{head[i]}</span>
                <span className="min-w-0">{cell}</span>
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
