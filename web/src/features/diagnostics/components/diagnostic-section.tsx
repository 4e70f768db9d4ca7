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

/** A compact table; the first row of `rows` is not special, headers come from `head`. */
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
    <table aria-label={label} className="w-full text-left text-sm">
      <thead className="text-xs text-muted-foreground">
        <tr>
          {head.map((h) => (
            <th key={h} scope="col" className="px-2 py-1.5 font-medium whitespace-nowrap">
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key} className="border-t align-top">
            {row.cells.map((cell, i) => (
              <td key={i} className="px-2 py-1.5">
                {cell}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
