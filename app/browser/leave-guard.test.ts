import { describe, expect, it } from "vitest";
import { guardUnsavedChanges } from "./leave-guard";

/** An EventTarget that counts its beforeunload listeners, and a tiny observable flag standing in for the store. */
function setup(initiallyUnsaved: boolean) {
  const target = new EventTarget();
  const listeners = new Set<unknown>();
  const add = target.addEventListener.bind(target);
  const remove = target.removeEventListener.bind(target);
  target.addEventListener = (type, listener, options) => {
    if (type === "beforeunload") listeners.add(listener);
    add(type, listener, options);
  };
  target.removeEventListener = (type, listener, options) => {
    if (type === "beforeunload") listeners.delete(listener);
    remove(type, listener, options);
  };
  let unsaved = initiallyUnsaved;
  const subscribers = new Set<() => void>();
  const setUnsaved = (value: boolean) => {
    unsaved = value;
    subscribers.forEach((notify) => notify());
  };
  const stop = guardUnsavedChanges(
    target,
    () => unsaved,
    (notify) => {
      subscribers.add(notify);
      return () => subscribers.delete(notify);
    },
  );
  return { target, listeners, setUnsaved, stop };
}

describe("leave guard", () => {
  it("registers beforeunload only while something is unsaved, and asks the browser to confirm then", () => {
    const { target, listeners, setUnsaved } = setup(false);
    expect(listeners.size).toBe(0);
    setUnsaved(true);
    expect(listeners.size).toBe(1);
    setUnsaved(true); // a second notification must not register a second listener
    expect(listeners.size).toBe(1);
    const leaving = new Event("beforeunload", { cancelable: true });
    target.dispatchEvent(leaving);
    expect(leaving.defaultPrevented).toBe(true);
    setUnsaved(false);
    expect(listeners.size).toBe(0);
  });

  it("starts registered when already unsaved, and stopping removes the listener", () => {
    const { listeners, setUnsaved, stop } = setup(true);
    expect(listeners.size).toBe(1);
    stop();
    expect(listeners.size).toBe(0);
    setUnsaved(false);
    setUnsaved(true);
    expect(listeners.size).toBe(0);
  });
});
