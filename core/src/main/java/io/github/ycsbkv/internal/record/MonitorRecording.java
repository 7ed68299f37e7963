package io.github.ycsbkv.internal.record;

import io.github.ycsbkv.config.UserError;
import io.github.ycsbkv.internal.link.RespLink;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * Records what a RESP server is sent for a while: its {@code MONITOR} stream, line by line as the server prints it
 * ({@code 1764031576.604009 [0 127.0.0.1:51682] "SET" "key1" "value1"}), into a file that a replay reads. Works on
 * Redis, Valkey, KeyDB and Dragonfly. The connection is closed at the end of the time, which ends the monitoring;
 * a line cut by that close is left out. Not thread-safe: one recording per instance.
 */
public final class MonitorRecording {

  /** What a recording keeps of the values. */
  public enum Values {
    /** Every byte, as the server printed it. */
    KEEP,
    /** Only their sizes ({@link ValueSizes}). */
    SIZE
  }

  /**
   * What was recorded: the lines, and why it ended early ({@code cut}: the server closed the connection before the
   * time was up), or null.
   */
  public record Summary(long lines, String cut) {}

  private MonitorRecording() {}

  /**
   * Records {@code host:port} for {@code duration} into {@code out}; an unreachable server or refused credentials are
   * a UserError.
   */
  public static Summary record(String host, int port, String user, String password, Duration duration, Path out,
      Values values) {
    RespLink link = RespLink.open(host, port, user, password);
    long lines = 0;
    String cut = null;
    java.util.concurrent.atomic.AtomicBoolean timeUp = new java.util.concurrent.atomic.AtomicBoolean();
    Thread closer = new Thread(() -> {
      try {
        Thread.sleep(duration.toMillis());
      } catch (InterruptedException e) {
        // closed early: the recording ends now
      }
      timeUp.set(true);
      link.close();
    }, "ycsb-record-timer");
    closer.setDaemon(true);
    try (Writer w = new BufferedWriter(Files.newBufferedWriter(out, StandardCharsets.ISO_8859_1), 1 << 16)) {
      RespLink.Reply ok = link.callOrFail(List.of("MONITOR"));
      if (ok.error()) {
        throw new UserError("the server at " + host + ":" + port + " refused MONITOR (" + ok.text() + ")"
            + (ok.text().startsWith("NOAUTH") ? ": give its password" : ""));
      }
      link.timeout(0);
      closer.start();
      while (true) {
        String line;
        try {
          line = link.nextLine();
        } catch (IOException e) {
          if (!timeUp.get()) {
            cut = "the server at " + host + ":" + port + " closed the connection (" + UserError.describe(e) + ")";
          }
          break; // what was read is the recording
        }
        if (line.isEmpty() || line.charAt(0) != '+') {
          continue;
        }
        String text = line.substring(1);
        w.write(values == Values.SIZE ? ValueSizes.reduce(text) : text);
        w.write('\n');
        lines++;
      }
    } catch (IOException e) {
      throw new UserError("cannot write the recording " + out + ": " + UserError.describe(e), UserError.FAILED, e);
    } finally {
      closer.interrupt();
      link.close();
    }
    return new Summary(lines, cut);
  }
}
