// A fetch that keeps a copy of each request body and response text, for the trace's "raw request/response" view.
import { errorMessage } from "../error-message";

export interface RawExchange {
  request: string;
  response: string;
}

export interface RecordingFetch {
  fetch: typeof globalThis.fetch;
  /** The exchanges since the last call, once their responses have been read to the end. */
  take(): Promise<RawExchange[]>;
}

const MAX_RECORDED_CHARACTERS = 200_000;

function clip(text: string): string {
  return text.length > MAX_RECORDED_CHARACTERS ? `${text.slice(0, MAX_RECORDED_CHARACTERS)}\n… (cut)` : text;
}

export function createRecordingFetch(base: typeof globalThis.fetch = globalThis.fetch): RecordingFetch {
  let pending: Promise<RawExchange>[] = [];
  const recordingFetch: typeof globalThis.fetch = async (input, init) => {
    // Only the body is kept: headers carry the API key and must never reach a trace.
    const request = typeof init?.body === "string" ? init.body : "";
    try {
      const response = await base(input, init);
      const copy = response.clone();
      pending.push(
        copy.text().then(
          (text) => ({ request: clip(request), response: clip(text) }),
          (error: unknown) => ({ request: clip(request), response: `(response cut: ${String(error)})` }),
        ),
      );
      return response;
    } catch (error) {
      pending.push(Promise.resolve({ request: clip(request), response: `(no response: ${errorMessage(error)})` }));
      throw error;
    }
  };
  return {
    fetch: recordingFetch,
    async take() {
      const taken = pending;
      pending = [];
      // A response the model never finishes must not hold up the trace: give each copy a moment, then move on.
      const unfinished: RawExchange = { request: "", response: "(response still open)" };
      return Promise.all(taken.map((exchange) => Promise.race([exchange, new Promise<RawExchange>((resolve) => setTimeout(() => resolve(unfinished), 2000))])));
    },
  };
}
