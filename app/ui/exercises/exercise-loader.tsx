// The exercises' code (their store, the set format, the answer check, the panel) loads when a set is first opened —
// from the menu, a file or ?exercises= — not with the page: most visits never open one (issue #14). Until then the
// panel above the editor is absent, as it is while no set is open.
import { lazy, Suspense } from "react";
import { create } from "zustand";
import { errorMessage } from "../../core/error-message";
import { ErrorBoundary } from "../common/error-boundary";

const ExercisePanel = lazy(() => import("./exercise-panel").then((module) => ({ default: module.ExercisePanel })));

interface ExerciseLoading {
  /** A set was asked for: the panel is mounted (it shows the opening, the set, or why it failed). */
  requested: boolean;
  /** The store's code could not be fetched (offline without the service worker, a deploy removed it). */
  failure: string | null;
}

const useExerciseLoading = create<ExerciseLoading>(() => ({ requested: false, failure: null }));

/** The exercise store, loaded on first use; a failure to fetch it is shown where the panel would be, and rethrown. */
export async function loadExerciseStore() {
  useExerciseLoading.setState({ requested: true });
  try {
    const { useExerciseStore } = await import("../../state/exercise-store");
    useExerciseLoading.setState({ failure: null });
    return useExerciseStore;
  } catch (error) {
    useExerciseLoading.setState({ failure: errorMessage(error) });
    throw error;
  }
}

function loadingFailed(message: string) {
  return (
    <section className="exercise-panel" aria-label="Exercises">
      <p role="alert">The exercises could not be loaded ({message}). Reload the page to try again; the rest of the page works.</p>
    </section>
  );
}

/** The exercise panel once a set was asked for; nothing before. */
export function LazyExercisePanel() {
  const { requested, failure } = useExerciseLoading();
  if (!requested) return null;
  if (failure) return loadingFailed(failure);
  return (
    <ErrorBoundary fallback={(error) => loadingFailed(error.message)}>
      <Suspense fallback={null}>
        <ExercisePanel />
      </Suspense>
    </ErrorBoundary>
  );
}
