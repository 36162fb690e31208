// The pieces of a model's reply that the action readers look at: reasoning set aside, fenced blocks, inline code, and
// what counts as a query. Pure text handling; which piece becomes which action is decided in text-protocol.ts.

/** Reasoning models think aloud inside these tags; a query drafted there is not an answer and is never taken. */
const REASONING_TAGS = ["think", "thinking", "reasoning"];

/**
 * The reply without its reasoning. A closed block is removed; a close without an opening (the chat template opened the
 * tag in the prompt) drops everything before it; an opening without a close (the reply was cut off while thinking)
 * drops everything after it.
 */
export function withoutReasoning(reply: string): string {
  let text = reply;
  for (const tag of REASONING_TAGS) {
    text = text.replace(new RegExp(`<${tag}>[\\s\\S]*?</${tag}>`, "gi"), "\n");
    const closeAt = text.toLowerCase().lastIndexOf(`</${tag}>`);
    if (closeAt >= 0) text = text.slice(closeAt + tag.length + 3);
    const openAt = text.search(new RegExp(`<${tag}>`, "i"));
    if (openAt >= 0) text = text.slice(0, openAt);
  }
  return text;
}

export interface FencedBlock {
  /** Offset of the opening fence and just past the closing one (the end of the text when the reply was cut off). */
  start: number;
  end: number;
  /** The info string's first word, lower-cased: "sql", "sqlite", "json", "" … */
  tag: string;
  body: string;
}

const OPENING_FENCE = /(^|\n)[ \t]*(`{3,}|~{3,})[ \t]*([^\n]*)/g;

/** Every fenced block in order. A block may sit on one line (```SELECT 1```) or lack its closing fence (cut off). */
export function fencedBlocks(text: string): FencedBlock[] {
  const blocks: FencedBlock[] = [];
  OPENING_FENCE.lastIndex = 0;
  for (let match = OPENING_FENCE.exec(text); match; match = OPENING_FENCE.exec(text)) {
    const start = match.index + match[1]!.length;
    const fence = match[2]!;
    const info = match[3]!;
    const sameLineClose = info.indexOf(fence);
    if (sameLineClose >= 0) {
      // ```sql SELECT 1``` on one line: the tag, if any, is the first word.
      const body = info.slice(0, sameLineClose).trim();
      const tagged = /^(\w*sql\w*)\s+([\s\S]*)$/i.exec(body);
      const end = OPENING_FENCE.lastIndex - info.length + sameLineClose + fence.length;
      blocks.push({ start, end, tag: tagged ? tagged[1]!.toLowerCase() : "", body: tagged ? tagged[2]! : body });
      OPENING_FENCE.lastIndex = blocks.at(-1)!.end;
      continue;
    }
    const bodyStart = OPENING_FENCE.lastIndex + 1;
    // The closing fence is often glued to the last line of SQL ("…LIMIT 1;```"), so it is looked for anywhere.
    const closeAt = text.indexOf(fence, bodyStart);
    const end = closeAt < 0 ? text.length : closeAt + fence.length;
    blocks.push({
      start,
      end,
      tag: (info.trim().split(/\s+/)[0] ?? "").toLowerCase(),
      body: text.slice(bodyStart, closeAt < 0 ? text.length : closeAt).trim(),
    });
    OPENING_FENCE.lastIndex = end;
  }
  return blocks;
}

export function insideBlock(blocks: readonly FencedBlock[], offset: number): boolean {
  return blocks.some((block) => offset >= block.start && offset < block.end);
}

function withoutLeadingComments(sql: string): string {
  return sql.replace(/^(?:\s+|--[^\n]*(?:\n|$)|\/\*[\s\S]*?\*\/)*/, "");
}

/** Starts like a read-only query (after comments and an opening parenthesis). */
export function looksLikeQuery(text: string): boolean {
  return /^\(*\s*(?:SELECT|WITH|VALUES)\b/i.test(withoutLeadingComments(text));
}

/** A block holding SQL: tagged as some SQL (sql, sqlite, sqlite3, mysql…), or untagged / plain text starting like a query. */
export function isSqlBlock(block: FencedBlock): boolean {
  if (block.body.length === 0) return false;
  if (/sql/.test(block.tag)) return true;
  if (block.tag === "" || block.tag === "text" || block.tag === "plaintext") return looksLikeQuery(block.body);
  return false;
}

/**
 * One statement written in running text, from its first word: up to the first semicolon outside quotes, the first
 * blank line or the first labelled line ("SQLResult:"), so what follows it is not taken as part of the query.
 */
export function statementAt(text: string, from: number): string {
  let quote: string | null = null;
  for (let index = from; index < text.length; index += 1) {
    const char = text[index]!;
    if (quote) {
      if (char === quote) quote = null;
    } else if (char === "'" || char === '"' || char === "`") {
      quote = char;
    } else if (char === ";") {
      return text.slice(from, index).trim();
    } else if (char === "\n" && /^\n(?:[ \t]*(?:\n|$)|[A-Za-z][\w ]{0,30}:(?:\s|$))/.test(text.slice(index, index + 40))) {
      // A blank line, or a labelled line such as "SQLResult:" or "Explanation:", ends the statement.
      return text.slice(from, index).trim();
    }
  }
  return text.slice(from).trim();
}

export interface InlineCode {
  start: number;
  code: string;
}

/** Inline code spans (`…`) outside fenced blocks. */
export function inlineCode(text: string, blocks: readonly FencedBlock[]): InlineCode[] {
  const spans: InlineCode[] = [];
  for (const match of text.matchAll(/(?<!`)`([^`\n]+)`(?!`)/g)) {
    if (!insideBlock(blocks, match.index)) spans.push({ start: match.index, code: match[1]!.trim() });
  }
  return spans;
}

export interface TextLine {
  start: number;
  text: string;
}

/** The reply's lines outside fenced blocks, with their offsets. */
export function proseLines(text: string, blocks: readonly FencedBlock[]): TextLine[] {
  const lines: TextLine[] = [];
  let start = 0;
  for (const line of text.split("\n")) {
    if (!insideBlock(blocks, start)) lines.push({ start, text: line });
    start += line.length + 1;
  }
  return lines;
}
