// The page's one-word messages to the SQLite worker's start opens ("you may begin": first-sample.ts's download,
// kept-database.ts's read whole), taken before comlink sees them.

interface MessageScope {
  addEventListener(type: "message", listener: (event: MessageEvent) => void): void;
  removeEventListener(type: "message", listener: (event: MessageEvent) => void): void;
}

/** Calls `heard` the first time a message of `type` comes; that message goes to no listener after this one. */
export function onPageWord(scope: MessageScope, type: string, heard: () => void): void {
  const listener = (event: MessageEvent) => {
    if ((event.data as { type?: unknown } | null)?.type !== type) return;
    event.stopImmediatePropagation();
    scope.removeEventListener("message", listener);
    heard();
  };
  scope.addEventListener("message", listener);
}
