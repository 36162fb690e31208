// The embed (?embed=1, or a course that starts embedded) is its own chunk: the full app's start does not carry it
// (issue #14). A chunk that cannot be fetched says so instead of leaving the frame blank.
import { lazy, Suspense } from "react";
import { ErrorBoundary } from "../common/error-boundary";

const EmbedApp = lazy(() => import("./embed-app").then((module) => ({ default: module.EmbedApp })));

export function LazyEmbedApp() {
  return (
    <ErrorBoundary fallback={(error) => <p role="alert">The embedded playground could not be loaded ({error.message}). Reload the page to try again.</p>}>
      <Suspense fallback={null}>
        <EmbedApp />
      </Suspense>
    </ErrorBoundary>
  );
}
