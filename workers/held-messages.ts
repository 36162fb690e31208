// Messages that reach a worker before its code has loaded, kept and handed on in order once it has.

export interface HeldMessages {
  /** Stops holding and dispatches what was held, in the order it came, to the listeners registered since. */
  release(): void;
}

/**
 * From now until release, every message event on `scope` is taken (no other listener sees it) and kept. Release
 * dispatches each again as a new MessageEvent with the same data and ports, synchronously, so none can overtake
 * another and every message after it is handled after them.
 */
export function holdMessages(scope: EventTarget): HeldMessages {
  const held: MessageEvent[] = [];
  const hold = (event: Event) => {
    event.stopImmediatePropagation();
    held.push(event as MessageEvent);
  };
  scope.addEventListener("message", hold);
  return {
    release() {
      scope.removeEventListener("message", hold);
      for (const event of held.splice(0)) scope.dispatchEvent(new MessageEvent("message", { data: event.data, ports: [...event.ports] }));
    },
  };
}
