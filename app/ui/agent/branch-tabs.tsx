// The runs of a trace with forks: "Original", "Fork 1"… to pick the one shown, and "Compare" to set them side by side.
import "./fork.css";
import { branchLabel, type TraceBranch } from "../../core/agent/branches";
import { useAgentStore } from "../../state/agent-store";

/** Where a branch came from, in words (the switcher's tooltip and the compare view). */
export function forkOrigin(branch: TraceBranch, branches: readonly TraceBranch[]): string {
  const parentIndex = branches.findIndex((candidate) => candidate.id === branch.parentId);
  const parent = branchLabel(parentIndex === -1 ? null : parentIndex);
  return branch.edit.kind === "question" ? `${parent} with another question` : `${parent} at turn ${branch.edit.turn}, its SQL changed`;
}

export function BranchTabs() {
  const branches = useAgentStore((state) => state.trace?.branches);
  const branchId = useAgentStore((state) => state.branchId);
  const comparing = useAgentStore((state) => state.comparing);
  const running = useAgentStore((state) => state.running);
  const { showBranch, setComparing } = useAgentStore.getState();
  if (!branches || branches.length === 0) return null;
  const runs: { id: string | null; label: string; title: string }[] = [
    { id: null, label: branchLabel(null), title: "The run as it was asked" },
    ...branches.map((branch, index) => ({ id: branch.id, label: branchLabel(index), title: `Forked from ${forkOrigin(branch, branches)}` })),
  ];
  return (
    <div className="branch-tabs" role="group" aria-label="Branches">
      {runs.map((run) => (
        <button
          key={run.id ?? "original"}
          type="button"
          title={run.title}
          aria-pressed={run.id === branchId}
          // The fork being written is the one shown; another run can be picked once it ends.
          disabled={running && run.id !== branchId}
          onClick={() => showBranch(run.id)}
        >
          {run.label}
        </button>
      ))}
      <button type="button" aria-pressed={comparing} disabled={running} onClick={() => setComparing(!comparing)}>
        Compare
      </button>
    </div>
  );
}
