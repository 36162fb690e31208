// `?exercises=URL` in the page's address: read at start, written when a set is opened by URL (so a reload or a copied
// link opens the same set) and removed when it is closed.
import { useEffect } from "react";
import { useDatabaseStore } from "../../state/database-store";
import { loadExerciseStore } from "./exercise-loader";

const PARAMETER = "exercises";

function replaceAddress(change: (address: URL) => void): void {
  const address = new URL(location.href);
  change(address);
  history.replaceState(history.state, "", address);
}

/** Opens the set at `url` and names it in the address. */
export async function openExercisesAt(url: string): Promise<boolean> {
  const store = await loadExerciseStore();
  const opened = await store.getState().openUrl(url);
  if (opened) replaceAddress((address) => address.searchParams.set(PARAMETER, url));
  return opened;
}

export async function closeExercises(): Promise<void> {
  (await loadExerciseStore()).getState().close();
  replaceAddress((address) => address.searchParams.delete(PARAMETER));
}

/** Opens the set the address names once the first database is open (its database is opened over that one, if it differs). */
export function useExercisesFromAddress(): void {
  const ready = useDatabaseStore((state) => state.status === "ready");
  useEffect(() => {
    if (!ready) return;
    const url = new URL(location.href).searchParams.get(PARAMETER)?.trim();
    if (!url) return;
    // A failure to load the exercises' code is shown where the panel would be (exercise-loader.tsx).
    void loadExerciseStore()
      .then((store) => {
        if (store.getState().status === "closed") void store.getState().openUrl(url);
      })
      .catch(() => undefined);
  }, [ready]);
}
