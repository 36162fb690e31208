// A modal dialog over a backdrop: takes focus when it opens, closes on Escape or a click outside.
import { useEffect, useRef, type ReactNode } from "react";

export function ModalDialog({ label, className, onClose, children }: { label: string; className: string; onClose: () => void; children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => box.current?.focus(), []);
  return (
    <div className="dialog-backdrop" onClick={onClose}>
      <div
        ref={box}
        role="dialog"
        aria-modal="true"
        aria-label={label}
        tabIndex={-1}
        className={`dialog ${className}`}
        onClick={(event) => event.stopPropagation()}
        onKeyDown={(event) => {
          if (event.key !== "Escape") return;
          // Handled here so the page-wide Esc (stop the query or the agent) does not also fire.
          event.stopPropagation();
          onClose();
        }}
      >
        {children}
      </div>
    </div>
  );
}
