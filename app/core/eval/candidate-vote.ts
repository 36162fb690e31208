// The vote among candidate answers to one question: candidates whose final queries return the same rows (the EX
// judge's comparison) form a group, and the answer is the best group's query. Pure: the runner executes the queries.
import type { VoteGroup } from "../agent/events";
import { sqlNormalForm } from "../agent/sql-normal-form";
import { hasTopLevelOrderBy, judgeExecution, type ExSemantics, type QueryOutcome } from "./ex-judge";

/** One candidate's answer as the vote sees it: its final query and what running that query gave. */
export type CandidateAnswer =
  | { candidate: number; sql: string; outcome: QueryOutcome }
  /** No final query (the run failed, ran out of turns, was stopped): the reason in words. */
  | { candidate: number; sql: null; reason: string };

export interface Vote {
  /** Ranked: the winner first when there is one. */
  groups: VoteGroup[];
  /** Index into groups, or null when no candidate had an answer that ran. */
  winner: number | null;
  rule: string;
  unanswered: { candidate: number; reason: string }[];
  /** The answer: the winning group's most frequent query, and the first candidate that wrote it. */
  answer: { sql: string; candidate: number } | null;
}

interface Group {
  members: { candidate: number; sql: string; normal: string; outcome: Extract<QueryOutcome, { ok: true }> }[];
  /** The first member's result: later candidates are compared with it as the EX judge compares with a gold result. */
  sql: string;
  outcome: Extract<QueryOutcome, { ok: true }>;
}

/**
 * Two results agree when the EX judge would score one as a match for the other, with the group's first result in the
 * gold's place (so its ORDER BY decides whether row order matters). Two empty results agree whatever their columns.
 */
function agrees(group: Group, outcome: QueryOutcome, semantics: ExSemantics): boolean {
  return judgeExecution(group.outcome, outcome, { semantics, goldHasOrderBy: hasTopLevelOrderBy(group.sql) }).match;
}

/** Distinct queries (by normal form) with their counts: most frequent first, then shortest, then first written. */
function queriesOf(group: Group): { sql: string; normal: string; count: number; first: number }[] {
  const byForm = new Map<string, { sql: string; normal: string; count: number; first: number }>();
  for (const member of group.members) {
    const seen = byForm.get(member.normal);
    if (seen) seen.count += 1;
    else byForm.set(member.normal, { sql: member.sql, normal: member.normal, count: 1, first: member.candidate });
  }
  return [...byForm.values()].sort((a, b) => b.count - a.count || a.normal.length - b.normal.length || a.first - b.first);
}

/**
 * The ranking, best first:
 * 1. a result with rows beats an empty one (an empty result is a real answer, but far more often a wrong filter, so
 *    empty results form their own group that wins only when no candidate returned rows);
 * 2. the larger group;
 * 3. tie: the group whose most frequent query (normal form: case, spacing, quoting ignored) was written by more
 *    candidates — agreement in the text as well as in the rows;
 * 4. tie: the group with the shorter such query (normal form, in characters);
 * 5. tie: the group holding the earlier candidate, so the vote is deterministic.
 * Candidates without a final query, or whose query failed when run, form no group: they are listed as unanswered.
 */
export function voteOnCandidates(answers: readonly CandidateAnswer[], semantics: ExSemantics): Vote {
  const groups: Group[] = [];
  const unanswered: Vote["unanswered"] = [];
  for (const answer of answers) {
    if (answer.sql === null) {
      unanswered.push({ candidate: answer.candidate, reason: answer.reason });
      continue;
    }
    const { outcome } = answer;
    if (!outcome.ok) {
      unanswered.push({ candidate: answer.candidate, reason: `its query failed: ${outcome.error.message}` });
      continue;
    }
    const member = { candidate: answer.candidate, sql: answer.sql, normal: sqlNormalForm(answer.sql), outcome };
    const group = groups.find((existing) => agrees(existing, outcome, semantics));
    if (group) group.members.push(member);
    else groups.push({ members: [member], sql: answer.sql, outcome });
  }
  const ranked = groups.map((group) => ({ group, queries: queriesOf(group), hasRows: group.outcome.rows.length > 0 }));
  ranked.sort(
    (a, b) =>
      Number(b.hasRows) - Number(a.hasRows) ||
      b.group.members.length - a.group.members.length ||
      b.queries[0]!.count - a.queries[0]!.count ||
      a.queries[0]!.normal.length - b.queries[0]!.normal.length ||
      a.group.members[0]!.candidate - b.group.members[0]!.candidate,
  );
  const voteGroups: VoteGroup[] = ranked.map(({ group, queries }) => {
    // The result shown with the group is its first query's (the answer when it wins), not its first member's: the
    // members agree on the rows, but their columns may be named otherwise (count(*) beside count(*) AS books).
    const shown = group.members.find((member) => member.candidate === queries[0]!.first)!.outcome;
    return {
      candidates: group.members.map((member) => member.candidate),
      queries: queries.map(({ sql, count }) => ({ sql, count })),
      columns: shown.columns,
      rowCount: shown.rows.length,
    };
  });
  const best = ranked[0];
  return {
    groups: voteGroups,
    winner: best ? 0 : null,
    rule: ruleText(ranked, answers.length),
    unanswered,
    answer: best ? { sql: best.queries[0]!.sql, candidate: best.queries[0]!.first } : null,
  };
}

type Ranked = { group: Group; queries: { normal: string; count: number }[]; hasRows: boolean };

/** Which step of the ranking decided, in words, for the trace. */
function ruleText(ranked: readonly Ranked[], total: number): string {
  const [best, second] = ranked;
  if (!best) return `No answer: none of the ${total} candidates gave a query that ran.`;
  const size = best.group.members.length;
  const largest = `the largest group: ${size} of ${total} candidates`;
  if (!second) return `${largest} (the only result).`;
  if (best.hasRows && !second.hasRows) {
    return second.group.members.length >= size ? `a result with rows wins over an empty one (${size} of ${total} candidates).` : `${largest}.`;
  }
  if (size > second.group.members.length) return `${largest}.`;
  const [top, next] = [best.queries[0]!, second.queries[0]!];
  if (top.count !== next.count) return `a tie of groups of ${size}: the one whose query ${top.count} candidates wrote alike wins.`;
  if (top.normal.length !== next.normal.length) return `a tie of groups of ${size}: the one with the shorter query wins.`;
  return `a tie of groups of ${size}: the one with the earliest candidate wins.`;
}
