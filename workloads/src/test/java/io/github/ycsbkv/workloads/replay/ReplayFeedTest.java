package io.github.ycsbkv.workloads.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReplayFeedTest {

  @TempDir
  Path tmp;

  /**
   * A sparse client (its first command at the start, its second at the end) beside a dense one whose queue fills: the
   * sparse thread gets its first command while the dense thread sends nothing (the reader hands partial chunks over
   * before it waits), and each thread gets its own commands, in order, then END. (A guard against a hang, not a time
   * bound: the test waits at most a minute.)
   */
  @Test
  void sparseClientBesideAFullQueue_getsItsCommand_andEachThreadItsOwnInOrder() throws Exception {
    int dense = ReplayFeed.CHUNK * ReplayFeed.QUEUE_CHUNKS * 3;
    List<String> lines = new ArrayList<>();
    lines.add("1.000000 [0 sparse] \"GET\" \"first\"");
    for (int i = 0; i < dense; i++) {
      lines.add(String.format("1.%06d [0 dense] \"SET\" \"k%d\" \"v\"", i + 1, i));
    }
    lines.add("2.000000 [0 sparse] \"GET\" \"last\"");
    Path file = tmp.resolve("r.monitor");
    Files.write(file, lines);
    ReplayFeed feed = new ReplayFeed(file, RecordingFormat.MONITOR, 2, 0);
    feed.start();
    assertTimeoutPreemptively(Duration.ofMinutes(1), () -> {
      // Client "sparse" appears first: thread 0; "dense": thread 1.
      assertEquals("first", new String(feed.take(0, () -> false).args()[1]));
      for (int i = 0; i < dense; i++) {
        assertEquals("k" + i, new String(feed.take(1, () -> false).args()[1]));
      }
      assertSame(ReplayFeed.END, feed.take(1, () -> false));
      assertEquals("last", new String(feed.take(0, () -> false).args()[1]));
      assertSame(ReplayFeed.END, feed.take(0, () -> false));
      assertSame(ReplayFeed.END, feed.take(0, () -> false), "END stays");
    });
  }

  /** A thread waiting for a command the reader cannot hand over (its queue is behind another's) ends at the stop. */
  @Test
  void waitingThread_endsWhenTheRunStops() throws Exception {
    int dense = ReplayFeed.CHUNK * ReplayFeed.QUEUE_CHUNKS * 3;
    List<String> lines = new ArrayList<>();
    for (int i = 0; i < dense; i++) {
      lines.add(String.format("1.%06d [0 dense] \"SET\" \"k%d\" \"v\"", i + 1, i));
    }
    lines.add("2.000000 [0 sparse] \"GET\" \"last\"");
    Path file = tmp.resolve("s.monitor");
    Files.write(file, lines);
    ReplayFeed feed = new ReplayFeed(file, RecordingFormat.MONITOR, 2, 0);
    feed.start();
    assertTimeoutPreemptively(Duration.ofMinutes(1), () -> assertSame(ReplayFeed.END, feed.take(1, () -> true)));
    feed.stop();
  }
}
