// A <details> part of whose content is built only while it is open. A closed history's entries cost nothing: each
// entry's date (toLocaleString) was formatted on every render of its panel, and the first date a page formats loads the
// runtime's date data (tens of ms on the main thread: see app/core/format.ts and e2e/start-formatting.spec.ts).
import { useState, type ReactNode } from "react";

export function LazyDetails({
  className,
  summary,
  children,
  whileOpen,
}: {
  className: string;
  summary: ReactNode;
  /** Always there, closed or open (a file input a script may fill while the details are closed). */
  children?: ReactNode;
  /** Built only while the details are open. */
  whileOpen: () => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  return (
    <details className={className} open={open} onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>{summary}</summary>
      {children}
      {open && whileOpen()}
    </details>
  );
}
