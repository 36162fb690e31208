// The trace of a run in progress: events gathered per animation frame and folded into turns as they arrive, once each.
import type { AgentEvent } from "../core/agent/events";
import { emptyTraceView, foldTraceEvents, type Trace, type TraceView } from "../core/agent/trace";

/** Calls back once, before the next paint; the unit tests pass their own. */
export type FrameScheduler = (callback: () => void) => void;

/** requestAnimationFrame in a page; a timer of about one frame where there is none (Node). */
export const nextFrame: FrameScheduler = (callback) => {
  if (typeof requestAnimationFrame === "function") requestAnimationFrame(() => callback());
  else setTimeout(callback, 16);
};

export interface LiveTraceSnapshot {
  trace: Trace;
  view: TraceView;
}

export interface LiveTraceOptions {
  schedule?: FrameScheduler;
  fold?: typeof foldTraceEvents;
}

/**
 * A model streams its answer a few characters at a time; publishing each delta copied the event list and
 * refolded the trace per delta, quadratic in the length of an answer. Here events wait for the next frame,
 * and each is folded once onto the turns folded before.
 */
export class LiveTrace {
  private readonly events: AgentEvent[] = [];
  private pending: AgentEvent[] = [];
  private view: TraceView = emptyTraceView();
  private scheduled = false;
  private readonly schedule: FrameScheduler;
  private readonly fold: typeof foldTraceEvents;

  constructor(
    private readonly trace: Trace,
    private readonly publish: (snapshot: LiveTraceSnapshot) => void,
    options: LiveTraceOptions = {},
  ) {
    this.schedule = options.schedule ?? nextFrame;
    this.fold = options.fold ?? foldTraceEvents;
  }

  push(event: AgentEvent): void {
    this.pending.push(event);
    if (this.scheduled) return;
    this.scheduled = true;
    this.schedule(() => {
      this.scheduled = false;
      this.flush();
    });
  }

  /** Publishes what is pending now (the end of a run must not wait for a frame that a hidden tab never paints). */
  flush(): void {
    if (this.pending.length === 0) return;
    this.publish(this.snapshot());
  }

  /** The trace with every event so far, pending ones included, and its view. */
  snapshot(): LiveTraceSnapshot {
    this.foldPending();
    return { trace: { ...this.trace, events: [...this.events] }, view: this.view };
  }

  private foldPending(): void {
    if (this.pending.length === 0) return;
    const batch = this.pending;
    this.pending = [];
    // A loop, not push(...batch): a hidden tab paints no frames, so a batch can outgrow the argument limit.
    for (const event of batch) this.events.push(event);
    this.view = this.fold(this.view, batch);
  }
}
