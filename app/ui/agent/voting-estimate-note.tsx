// Before a question is asked with candidate voting on: how many extra agent runs it makes, and their estimated tokens and cost.
import { useMemo } from "react";
import { votingEstimate } from "../../core/agent/voting-estimate";
import { formatCount } from "../../core/format";
import { formatUsd } from "../../core/llm/model-prices";
import { useAgentStore } from "../../state/agent-store";
import { useSettingsStore } from "../../state/settings-store";

export function VotingEstimateNote() {
  const llm = useSettingsStore((state) => state.llm);
  const trace = useAgentStore((state) => state.trace);
  const running = useAgentStore((state) => state.running);
  // From the last question on screen once it has ended (a live trace changes every frame).
  const basis = running ? null : trace;
  const estimate = useMemo(
    () => (llm.candidates > 1 ? votingEstimate(llm.candidates, basis, { model: llm.model, baseUrl: llm.baseUrl, prices: llm.prices }) : null),
    [llm.candidates, llm.model, llm.baseUrl, llm.prices, basis],
  );
  if (!estimate) return null;
  const runs = `${estimate.extraRuns} extra agent ${estimate.extraRuns === 1 ? "run" : "runs"}`;
  const tokens = estimate.extraTokens
    ? `, about ${formatCount(estimate.extraTokens.inputTokens)} tokens in and ${formatCount(estimate.extraTokens.outputTokens)} out more` +
      (estimate.extraUsd === null ? " (no price for this model)" : ` (≈ ${formatUsd(estimate.extraUsd)})`) +
      " per question, judged by the last question"
    : "; their tokens and cost are estimated once a question has been asked with this model";
  return (
    <p className="muted voting-estimate" aria-label="Voting estimate">
      Voting: {llm.candidates} candidates at temperature {llm.candidateTemperature}: {runs}
      {tokens}.
    </p>
  );
}
