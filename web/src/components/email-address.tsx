import { Fragment } from "react";

/**
 * An e-mail address that wraps where a reader expects, after the "@" or before a dot, instead
 * of mid-word ("ada.lovel|ace@…"); a single part longer than the line still breaks (overflow-wrap).
 */
export function EmailAddress({ email }: { email: string }) {
  const parts = email.split(/(?=[.@])|(?<=@)/);
  return (
    <span className="[overflow-wrap:anywhere]">
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
