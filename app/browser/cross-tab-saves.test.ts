import { afterEach, describe, expect, it } from "vitest";
import { createBroadcastSaveChannel, SaveConflicts, type SaveAnnouncement } from "./cross-tab-saves";

describe("SaveConflicts", () => {
  it("sees another tab's save only for a database this tab read or wrote", () => {
    const conflicts = new SaveConflicts();
    expect(conflicts.storedIsNewer("a", 10)).toBe(false);
    conflicts.remember("a", 10);
    expect(conflicts.storedIsNewer("a", 10)).toBe(false);
    expect(conflicts.storedIsNewer("a", 11)).toBe(true);
    expect(conflicts.announcedIsNewer({ id: "a", updatedAt: 10 })).toBe(false);
    expect(conflicts.announcedIsNewer({ id: "a", updatedAt: 12 })).toBe(true);
    conflicts.remember("a", 12);
    expect(conflicts.announcedIsNewer({ id: "a", updatedAt: 12 })).toBe(false);
  });
});

describe("the broadcast save channel", () => {
  const stops: Array<() => void> = [];
  afterEach(() => stops.splice(0).forEach((stop) => stop()));

  it("delivers announcements to other channels and ignores messages that are not announcements", async () => {
    const name = `test-saves-${Math.random()}`;
    const sender = createBroadcastSaveChannel(name);
    const receiver = createBroadcastSaveChannel(name);
    const received: SaveAnnouncement[] = [];
    stops.push(receiver.listen((announcement) => received.push(announcement)));
    const stranger = new BroadcastChannel(name);
    stranger.postMessage({ id: 5 });
    stranger.postMessage("hello");
    sender.announce({ id: "a", updatedAt: 3 });
    await expect.poll(() => received).toEqual([{ id: "a", updatedAt: 3 }]);
    stranger.close();
    sender.close();
    receiver.close();
  });
});
