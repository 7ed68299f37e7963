package io.github.ycsbkv.internal.record;

import io.github.ycsbkv.config.UserError;
import io.github.ycsbkv.internal.link.RespLink;
import java.time.Duration;
import java.util.List;

/**
 * Records what a Dragonfly server is sent for a while through its own traffic log: {@code DEBUG TRAFFIC START
 * PREFIX}, then {@code DEBUG TRAFFIC STOP}. The server writes the log itself, on its own machine, a file per server
 * thread ({@code PREFIX-000.bin}, ...), which costs it less than MONITOR's text to a client; a replay reads the set
 * from any one of its files. Stateless.
 */
public final class TrafficLogRecording {

  private TrafficLogRecording() {}

  /**
   * Records {@code host:port} for {@code duration} into the server's files {@code prefix-NNN.bin}; returns the number
   * of primaries of its cluster (1 on a standalone server), of which this records the one given.
   */
  public static int record(String host, int port, String user, String password, Duration duration, String prefix) {
    int primaries = MonitorRecording.nodes(new MonitorRecording.Server(host, port, user, password, null)).size();
    try (RespLink link = RespLink.open(host, port, user, password)) {
      RespLink.Reply started = link.callOrFail(List.of("DEBUG", "TRAFFIC", "START", prefix));
      if (started.error()) {
        throw new UserError("the server at " + host + ":" + port + " refused DEBUG TRAFFIC START (" + started.text()
            + "): the traffic log is Dragonfly's; record other servers without --traffic-log (through MONITOR)");
      }
      try {
        Thread.sleep(duration.toMillis());
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt(); // stop early: the log so far is the recording
      } finally {
        RespLink.Reply stopped = link.callOrFail(List.of("DEBUG", "TRAFFIC", "STOP"));
        if (stopped.error()) {
          throw new UserError("the server at " + host + ":" + port + " refused DEBUG TRAFFIC STOP (" + stopped.text()
              + ")", UserError.FAILED, null);
        }
      }
    }
    return primaries;
  }
}
