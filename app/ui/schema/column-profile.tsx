// A column's profile at a glance (nulls, distinct values, range, frequent values), behind a small disclosure button.
import { useState } from "react";
import type { ColumnProfile } from "../../core/schema/types";
import { formatCount } from "../../core/format";

function percent(fraction: number): string {
  if (fraction === 0) return "0%";
  if (fraction < 0.01) return "<1%";
  return `${Math.round(fraction * 100)}%`;
}

/** One line, also used as the row's tooltip: "12% null · ≈230 distinct · 1 – 999". */
export function profileSummary(profile: ColumnProfile): string {
  const parts = [`${percent(profile.nullFraction)} null`, `${profile.approximate ? "≈" : ""}${formatCount(profile.distinctCount)} distinct`];
  if (profile.min !== null && profile.max !== null) parts.push(profile.min === profile.max ? profile.min : `${profile.min} – ${profile.max}`);
  return parts.join(" · ");
}

export function ColumnProfileDetail({ table, profile }: { table: string; profile: ColumnProfile }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className="profile-toggle"
        aria-expanded={open}
        aria-label={`Profile of ${table}.${profile.column}`}
        title={profileSummary(profile)}
        onClick={() => setOpen(!open)}
      >
        {open ? "▾" : "▸"}
      </button>
      {open && (
        <div className="column-profile" role="group" aria-label={`Profile of ${table}.${profile.column}`}>
          <div>{profileSummary(profile)}</div>
          {profile.topValues.length > 0 && (
            <div>
              top:{" "}
              {profile.topValues.map((entry, index) => (
                <span key={index} className="profile-value">
                  {entry.value} <span className="muted">({formatCount(entry.count)})</span>
                </span>
              ))}
            </div>
          )}
          {profile.approximate && <div className="muted">from a sample of the rows</div>}
        </div>
      )}
    </>
  );
}
