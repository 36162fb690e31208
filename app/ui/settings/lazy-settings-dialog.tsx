// The settings dialog's code (every section, the cost table, the model pickers) loads when Settings is first opened,
// not with the page; once loaded it stays mounted, so what it shows (a tested connection, the listed models) survives
// closing and reopening as before.
import { lazy, Suspense, useState } from "react";
import { useSettingsStore } from "../../state/settings-store";

const SettingsDialog = lazy(() => import("./settings-dialog").then((module) => ({ default: module.SettingsDialog })));

export function LazySettingsDialog() {
  const open = useSettingsStore((state) => state.open);
  const [wanted, setWanted] = useState(open);
  // Derived state set during render: React re-renders at once with the dialog wanted from now on.
  if (open && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <SettingsDialog />
    </Suspense>
  );
}
