// The schema panel's "Describe undocumented columns" button. Its dialog is a chunk of its own, fetched when the button
// is first pressed (issue #14); one that cannot be fetched says so beside the button, and the panel goes on.
import { lazy, Suspense } from "react";
import { useDescriptionsStore } from "../../state/descriptions-store";
import { ErrorBoundary } from "../common/error-boundary";

const DescribeDialog = lazy(() => import("./describe-dialog").then((module) => ({ default: module.DescribeDialog })));

/** The panel's button that opens the dialog (and the dialog while it is open). */
export function DescribeButton() {
  const open = useDescriptionsStore((state) => state.describe.open);
  const openDescribe = useDescriptionsStore((state) => state.openDescribe);
  return (
    <>
      <button type="button" className="link-button describe-button" onClick={openDescribe}>
        Describe undocumented columns with the LLM…
      </button>
      {open && (
        <ErrorBoundary fallback={(error) => <p role="alert">The describe dialog could not be loaded ({error.message}). Reload the page to try again.</p>}>
          <Suspense fallback={null}>
            <DescribeDialog />
          </Suspense>
        </ErrorBoundary>
      )}
    </>
  );
}
