// One column of the schema panel: name, type, keys, its description (editable) and its profile.
import type { ColumnInfo } from "../../core/db/types";
import type { ColumnDecision, ColumnProfile, Description } from "../../core/schema/types";
import { DecisionMark, PinExcludeButtons } from "./prune-marks";
import { ColumnDescription } from "./column-description";
import { ColumnProfileDetail, profileSummary } from "./column-profile";
import "./schema-context.css";

export interface ColumnRowProps {
  table: string;
  column: ColumnInfo;
  /** `table.column` this column references, when it is a foreign key. */
  foreignKey?: string;
  description?: Description;
  profile?: ColumnProfile;
  /** Kept or dropped for the current question, when there is one. */
  decision?: ColumnDecision;
}

export function ColumnRow({ table, column, foreignKey, description, profile, decision }: ColumnRowProps) {
  return (
    <li className={`column-row${decision ? (decision.kept ? " is-kept" : " is-dropped") : ""}`}>
      <div className="column-line">
        {/* The title starts with the whole name, which a narrow panel may cut short with an ellipsis. */}
        <span className="column-name" title={profile ? `${column.name}: ${profileSummary(profile)}` : column.name}>
          {column.name}
        </span>{" "}
        <span className="column-type">{column.type || "any"}</span>
        {column.primaryKeyPosition > 0 && (
          <span className="tag key" title="Primary key">
            PK
          </span>
        )}
        {foreignKey && (
          <span className="tag foreign" title="Foreign key">
            FK → {foreignKey}
          </span>
        )}
        {column.notNull && column.primaryKeyPosition === 0 && <span className="tag">not null</span>}
        {column.generated && (
          <span className="tag" title={`Generated column (${column.generated}): SQLite computes it from the row's other columns`}>
            generated
          </span>
        )}
        {/* Last, so the row's text still starts with the column's name. */}
        {profile && <ColumnProfileDetail table={table} profile={profile} />}
        {decision && <DecisionMark decision={decision} />}
        <PinExcludeButtons target={`${table}.${column.name}`} label={`${table}.${column.name}`} />
      </div>
      <ColumnDescription table={table} column={column.name} description={description} />
    </li>
  );
}
