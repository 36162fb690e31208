// A part of the page whose code is fetched when it is first shown (issue #14: what the first screen does not draw is
// no part of a first visit's download): a lazy component behind an error boundary, so a part that cannot be fetched
// (offline without the service worker, a deploy that removed its file) says so in a sentence where it would be, and
// the rest of the page goes on.
import { lazy, Suspense, type ComponentType, type ReactNode } from "react";
import { ErrorBoundary } from "./error-boundary";

export interface OnDemandOptions {
  /** What the part is, for the sentence when it cannot be loaded ("the diagnosis", "the in-page model's status"…). */
  part: string;
  /** What the person should know beyond the failure (default: reload to try again). */
  advice?: string;
  /** Shown while the code arrives (default: nothing). */
  loading?: ReactNode;
}

/** A component that loads `load`'s component on first render; its props pass through. */
export function onDemand<P extends object>(
  load: () => Promise<ComponentType<P>>,
  { part, advice = "Reload the page to try again.", loading = null }: OnDemandOptions,
) {
  const Part = lazy(() => load().then((component) => ({ default: component })));
  return function OnDemandPart(props: P): ReactNode {
    return (
      <ErrorBoundary fallback={(error) => <p role="alert">{`${capitalized(part)} could not be loaded (${error.message}). ${advice}`}</p>}>
        <Suspense fallback={loading}>
          <Part {...props} />
        </Suspense>
      </ErrorBoundary>
    );
  };
}

function capitalized(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
