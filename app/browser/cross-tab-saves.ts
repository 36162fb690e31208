// Tabs of the same page tell each other when they save a database, and each tab tells whether a stored copy is newer than what it has.
import * as z from "../core/zod-mini";

export const saveAnnouncementSchema = z.object({ id: z.string(), updatedAt: z.number() });
export type SaveAnnouncement = z.infer<typeof saveAnnouncementSchema>;

export interface SaveChannel {
  announce(announcement: SaveAnnouncement): void;
  /** Calls the listener with each valid announcement from another tab; returns how to stop listening. */
  listen(listener: (announcement: SaveAnnouncement) => void): () => void;
  close(): void;
}

const CHANNEL_NAME = "querylab-database-saves";

/** A BroadcastChannel between tabs; one that says nothing where the browser has none. */
export function createBroadcastSaveChannel(name = CHANNEL_NAME): SaveChannel {
  if (typeof BroadcastChannel === "undefined") return { announce() {}, listen: () => () => {}, close() {} };
  const channel = new BroadcastChannel(name);
  return {
    announce(announcement) {
      channel.postMessage(announcement);
    },
    listen(listener) {
      const receive = (event: MessageEvent<unknown>) => {
        // Anything can post on a channel of this origin: a message that is not an announcement is ignored.
        const parsed = saveAnnouncementSchema.safeParse(event.data);
        if (parsed.success) listener(parsed.data);
      };
      channel.addEventListener("message", receive);
      return () => channel.removeEventListener("message", receive);
    },
    close() {
      channel.close();
    },
  };
}

/**
 * For each database this tab has read or written, the save time it knows. A stored copy (or an announcement)
 * newer than that came from another tab, and this tab's next save must not overwrite it silently.
 */
export class SaveConflicts {
  private readonly known = new Map<string, number>();

  /** This tab has the version saved at updatedAt (it read it, or wrote it). */
  remember(id: string, updatedAt: number): void {
    this.known.set(id, updatedAt);
  }

  /** A database this tab never read from storage has no conflict: nothing of another tab's can be lost. */
  storedIsNewer(id: string, storedUpdatedAt: number): boolean {
    return storedUpdatedAt > (this.known.get(id) ?? Number.POSITIVE_INFINITY);
  }

  /** An announcement of a save this tab does not have yet. */
  announcedIsNewer(announcement: SaveAnnouncement): boolean {
    return announcement.updatedAt > (this.known.get(announcement.id) ?? 0);
  }
}
