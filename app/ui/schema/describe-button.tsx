// The schema panel's "Describe undocumented columns" button. Its dialog is a chunk of its own, fetched when the button
// is first pressed (issue #14); one that cannot be fetched says so beside the button, and the panel goes on.
import { useDescriptionsStore } from "../../state/descriptions-store";
import { onDemand } from "../common/on-demand";

const DescribeDialog = onDemand(() => import("./describe-dialog").then((module) => module.DescribeDialog), { part: "the describe dialog" });

/** The panel's button that opens the dialog (and the dialog while it is open). */
export function DescribeButton() {
  const open = useDescriptionsStore((state) => state.describe.open);
  const openDescribe = useDescriptionsStore((state) => state.openDescribe);
  return (
    <>
      <button type="button" className="link-button describe-button" onClick={openDescribe}>
        Describe undocumented columns with the LLM…
      </button>
      {open && <DescribeDialog />}
    </>
  );
}
