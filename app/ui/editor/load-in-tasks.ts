// Loads a large part in steps, each in a task of its own, so the page answers keys and clicks between them.

/** Resolves in a new task (a timer's), so whatever awaits it runs apart from the task it was in. */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Runs each step after the one before has settled and a new task has begun, then `last` the same way, and resolves
 * with what `last` gives once one more task has begun. A dynamic import's module graph is evaluated in one task, and
 * its promise settles in that task's microtasks: awaited back to back, every step and what follows the last one (say,
 * React rendering the part) would run in that one task.
 */
export async function loadInTasks<T>(steps: readonly (() => Promise<unknown>)[], last: () => Promise<T>): Promise<T> {
  for (const step of steps) {
    await step();
    await nextTask();
  }
  const loaded = await last();
  await nextTask();
  return loaded;
}
