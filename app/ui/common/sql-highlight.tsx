// Light SQL highlighting for read-only snippets (trace actions, final answers) without loading Monaco. Text only, never HTML.
import type { ReactNode } from "react";

const KEYWORDS = new Set(
  "SELECT FROM WHERE GROUP BY ORDER HAVING LIMIT OFFSET JOIN LEFT RIGHT INNER OUTER CROSS FULL ON USING AS DISTINCT UNION ALL INTERSECT EXCEPT WITH RECURSIVE CASE WHEN THEN ELSE END AND OR NOT NULL IS IN BETWEEN LIKE GLOB EXISTS ASC DESC INSERT INTO VALUES UPDATE SET DELETE CREATE TABLE VIEW INDEX DROP ALTER OVER PARTITION COLLATE NOCASE CAST FILTER WINDOW ROWS RANGE PRECEDING FOLLOWING CURRENT ROW".split(
    " ",
  ),
);

const TOKEN = /('(?:[^']|'')*'?)|("(?:[^"]|"")*"?)|(--[^\n]*|\/\*[\s\S]*?(?:\*\/|$))|(\b\d+(?:\.\d+)?\b)|([A-Za-z_][A-Za-z0-9_]*)|(\s+|[^\sA-Za-z0-9_'"-]+|-)/g;

export function SqlHighlight({ sql }: { sql: string }) {
  const parts: ReactNode[] = [];
  let index = 0;
  for (const match of sql.matchAll(TOKEN)) {
    const [text, string, identifier, comment, number, word] = match;
    const key = index++;
    if (string)
      parts.push(
        <span key={key} className="sql-string">
          {text}
        </span>,
      );
    else if (identifier)
      parts.push(
        <span key={key} className="sql-identifier">
          {text}
        </span>,
      );
    else if (comment)
      parts.push(
        <span key={key} className="sql-comment">
          {text}
        </span>,
      );
    else if (number)
      parts.push(
        <span key={key} className="sql-number">
          {text}
        </span>,
      );
    else if (word && KEYWORDS.has(word.toUpperCase()))
      parts.push(
        <span key={key} className="sql-keyword">
          {text}
        </span>,
      );
    else parts.push(text);
  }
  return <code className="sql">{parts}</code>;
}
