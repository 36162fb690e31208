// "Final answer" written in prose: where the marker is and which query it points to. Models put the marker before
// the query ("FINAL ANSWER:", "### Final SQL", "Here is the final query:") or after it ("```sql …``` FINAL ANSWER",
// "This is my final answer."), in any case, with or without a colon.
import { inlineCode, isSqlBlock, looksLikeQuery, proseLines, statementAt, type FencedBlock } from "./reply-text";

const MARKER_WORDS = String.raw`final[ \t]+(?:sql[ \t]+)?(?:answer|sql|query)`;
/** The marker opening its line: alone ("FINAL ANSWER", "Final answer."), or followed by a separator and anything. */
const LEADING_MARKER = new RegExp(String.raw`^${MARKER_WORDS}\b(?:[ \t]*\([^)\n]*\))?[ \t]*(?:[:：\-–—][ \t]*(.*)|[.!]?[ \t]*)$`, "i");
/** Mid-sentence, only when a colon follows: "Here is the final SQL query:", "The final answer is:". */
const TRAILING_MARKER = new RegExp(
  String.raw`\b${MARKER_WORDS}\b(?:[ \t]+(?:is|would be|will be|should be|is as follows|below|for (?:this|the) question|to (?:this|the) question))?[ \t]*[:：][ \t]*(.*)$`,
  "i",
);
/** A closing sentence on its own line, after the query: "This is my final answer." */
const CLOSING_SENTENCE =
  /^(?:so,?[ \t]+|thus,?[ \t]+|therefore,?[ \t]+)?(?:this|that|it|the (?:above )?query(?: above)?)[ \t]+is[ \t]+(?:my|the)[ \t]+final[ \t]+(?:answer|query|sql(?:[ \t]+query)?)[ \t]*[.!]?$/i;

/** Markdown around a marker line: heading hashes, quote marks, bullets, bold or italic wrappers. */
function plainLine(line: string): string {
  return line
    .replace(/\*\*|__/g, "")
    .replace(/^[ \t>#*\-_]+/, "")
    .replace(/[ \t*_]+$/, "")
    .trim();
}

export interface FinalMarker {
  /** Offset of the marker's line and just past it. */
  start: number;
  end: number;
  /** What follows the marker on its line (after the colon), e.g. inline SQL or the answer in words. */
  rest: string;
  /** Offset of `rest` in the text, when it is there verbatim (markdown may have been stripped around it). */
  restAt: number;
  /**
   * Where the query is looked for first. Backward for a sentence that closes the reply ("This is my final answer.",
   * "Final answer.") and for an answer given in words ("Final answer: Paris"); forward otherwise.
   */
  looks: "forward" | "backward";
}

/** Marker lines outside fenced blocks, in order. */
export function finalMarkers(text: string, blocks: readonly FencedBlock[]): FinalMarker[] {
  const markers: FinalMarker[] = [];
  for (const line of proseLines(text, blocks)) {
    const plain = plainLine(line.text);
    const closing = CLOSING_SENTENCE.test(plain) || /[.!]$/.test(plain);
    const match = LEADING_MARKER.exec(plain) ?? TRAILING_MARKER.exec(plain) ?? CLOSING_SENTENCE.exec(plain);
    if (!match) continue;
    const rest = (match[1] ?? "").trim();
    const restIndex = rest ? line.text.indexOf(rest) : -1;
    const inWords = rest !== "" && !looksLikeQuery(rest) && !/`/.test(rest);
    markers.push({
      start: line.start,
      end: line.start + line.text.length,
      rest,
      restAt: restIndex >= 0 ? line.start + restIndex : -1,
      looks: closing || inWords ? "backward" : "forward",
    });
  }
  return markers;
}

export type FinalAnswer = { found: "sql"; sql: string } | { found: "marker-only" } | { found: "none" };

/** The query named on the marker's own line: inline code, or a statement after the colon. */
function queryOnMarkerLine(text: string, marker: FinalMarker, blocks: readonly FencedBlock[]): string | null {
  const code = inlineCode(text, blocks).find((span) => span.start >= marker.start && span.start < marker.end && looksLikeQuery(span.code));
  if (code) return code.code;
  if (marker.rest && looksLikeQuery(marker.rest)) return marker.restAt >= 0 ? statementAt(text, marker.restAt) : marker.rest;
  return null;
}

/** A query written without a fence on the first non-empty line after the marker ("FINAL ANSWER:\nSELECT …"). */
function queryOnNextLine(text: string, marker: FinalMarker, blocks: readonly FencedBlock[]): string | null {
  const next = proseLines(text, blocks).find((line) => line.start > marker.end && line.text.trim() !== "");
  if (!next) return null;
  const trimmed = next.text.trim();
  const code = /^`([^`]+)`/.exec(trimmed);
  if (code && looksLikeQuery(code[1]!)) return code[1]!.trim();
  return looksLikeQuery(trimmed) ? statementAt(text, next.start + next.text.indexOf(trimmed)) : null;
}

/**
 * The query the last final-answer marker points to. A query on the marker's line wins. Looking forward: the first SQL
 * block after the marker (the answer comes right after "Final SQL:"; later blocks are alternatives or results), or a
 * query on the next line. Looking backward: the last SQL block before it ("```sql …```" then "FINAL ANSWER"). The
 * marker's `looks` decides which comes first; the other is the fallback. A marker with no query anywhere ("Final
 * answer: Paris" in a reply without SQL) is reported as such, so the model can be told what is missing.
 */
export function finalAnswer(text: string, blocks: readonly FencedBlock[]): FinalAnswer {
  const marker = finalMarkers(text, blocks).at(-1);
  if (!marker) return { found: "none" };
  const sqlBlocks = blocks.filter(isSqlBlock);
  const after = () => sqlBlocks.find((block) => block.start >= marker.end)?.body ?? queryOnNextLine(text, marker, blocks);
  const before = () => sqlBlocks.findLast((block) => block.end <= marker.start)?.body ?? null;
  const sql = queryOnMarkerLine(text, marker, blocks) ?? (marker.looks === "forward" ? (after() ?? before()) : (before() ?? after()));
  return sql ? { found: "sql", sql } : { found: "marker-only" };
}
