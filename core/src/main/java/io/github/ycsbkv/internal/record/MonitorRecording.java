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
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Records what a RESP server is sent for a while: its {@code MONITOR} stream, line by line as the server prints it
 * ({@code 1764031576.604009 [0 127.0.0.1:51682] "SET" "key1" "value1"}), into a file that a replay reads. Works on
 * Redis, Valkey, KeyDB and Dragonfly. On a cluster (its {@code INFO cluster} says {@code cluster_enabled:1}) every
 * primary its {@code CLUSTER NODES} names is monitored at once, each on a connection and a thread of its own, and
 * their lines go into the one file as they come (each client's in its order; the lines of two nodes within a few
 * milliseconds of each other may be in either order, which a replay takes as it takes any line out of order).
 * Replicas are not monitored: they would repeat every write their primary sends them. The connections are closed at
 * the end of the time, which ends the monitoring; a line cut by that close is left out. One recording per call.
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
   * What was recorded: the lines, the nodes monitored (1 on a standalone server), and why it ended early ({@code cut}:
   * a server closed its connection before the time was up), or null.
   */
  public record Summary(long lines, int nodes, String cut) {}

  /** Where to record: the server (a cluster's seed), its credentials, and TLS or null. */
  public record Server(String host, int port, String user, String password, RespLink.Tls tls) {

    String address() {
      return host + ":" + port;
    }

    /** The same credentials and TLS at another address ({@code host:port}). */
    Server at(String address) {
      int colon = address.lastIndexOf(':');
      return new Server(address.substring(0, colon), Integer.parseInt(address.substring(colon + 1)), user, password,
          tls);
    }

    RespLink open() {
      return RespLink.open(host, port, user, password, tls);
    }
  }

  private MonitorRecording() {}

  /**
   * Records {@code server} (every primary of its cluster) for {@code duration} into {@code out}; an unreachable server
   * or refused credentials are a UserError.
   */
  public static Summary record(Server server, Duration duration, Path out, Values values) {
    // One connection per node: a standalone server's monitoring goes on the connection that asked whether it is a
    // cluster; a cluster's seed is closed once it named the primaries.
    RespLink seed = server.open();
    List<String> primaries;
    try {
      primaries = seed.clusterPrimaries(server.host());
    } catch (RuntimeException e) {
      seed.close();
      throw e;
    }
    List<Server> nodes = primaries.isEmpty() ? List.of(server) : primaries.stream().map(server::at).toList();
    if (!primaries.isEmpty()) {
      seed.close();
    }
    List<RespLink> links = new ArrayList<>();
    try (Writer w = new BufferedWriter(Files.newBufferedWriter(out, StandardCharsets.ISO_8859_1), 1 << 16)) {
      for (Server node : nodes) {
        RespLink link = primaries.isEmpty() ? seed : node.open();
        links.add(link);
        RespLink.Reply ok = link.callOrFail(List.of("MONITOR"));
        if (ok.error()) {
          throw new UserError("the server at " + node.address() + " refused MONITOR (" + ok.text() + ")"
              + (ok.text().startsWith("NOAUTH") ? ": give its password" : ""));
        }
        link.timeout(0);
      }
      AtomicBoolean timeUp = new AtomicBoolean();
      Node[] readers = new Node[nodes.size()];
      for (int i = 0; i < readers.length; i++) {
        readers[i] = new Node(nodes.get(i), links.get(i), w, values, timeUp);
        readers[i].start();
      }
      try {
        Thread.sleep(duration.toMillis());
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt(); // stopped early: the recording ends now
      }
      timeUp.set(true);
      links.forEach(RespLink::close);
      long lines = 0;
      String cut = null;
      for (Node r : readers) {
        r.join();
        lines += r.lines;
        if (cut == null && r.cut != null) {
          cut = r.cut;
        }
        if (r.failure != null) {
          throw r.failure;
        }
      }
      return new Summary(lines, nodes.size(), cut);
    } catch (IOException e) {
      throw new UserError("cannot write the recording " + out + ": " + UserError.describe(e), UserError.FAILED, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new UserError("the recording was interrupted", UserError.FAILED, e);
    } finally {
      links.forEach(RespLink::close);
      seed.close();
    }
  }

  /** {@code server} alone, or every primary of its cluster, as its {@code CLUSTER NODES} names them. */
  static List<Server> nodes(Server server) {
    try (RespLink seed = server.open()) {
      List<String> primaries = seed.clusterPrimaries(server.host());
      return primaries.isEmpty() ? List.of(server) : primaries.stream().map(server::at).toList();
    }
  }

  /** One node's MONITOR stream, read on a thread of its own into the shared writer. */
  private static final class Node extends Thread {
    private final Server server;
    private final RespLink link;
    private final Writer out;
    private final Values values;
    private final AtomicBoolean timeUp;
    long lines;
    String cut;
    UserError failure;

    Node(Server server, RespLink link, Writer out, Values values, AtomicBoolean timeUp) {
      super("ycsb-record-" + server.address());
      setDaemon(true);
      this.server = server;
      this.link = link;
      this.out = out;
      this.values = values;
      this.timeUp = timeUp;
    }

    @Override
    public void run() {
      while (true) {
        String line;
        try {
          line = link.nextLine();
        } catch (IOException e) {
          if (!timeUp.get()) {
            cut = "the server at " + server.address() + " closed the connection (" + UserError.describe(e) + ")";
          }
          return; // what was read is the recording
        }
        if (line.isEmpty() || line.charAt(0) != '+') {
          continue;
        }
        String text = line.substring(1);
        String kept = values == Values.SIZE ? ValueSizes.reduce(text) : text;
        try {
          synchronized (out) {
            out.write(kept);
            out.write('\n');
          }
        } catch (IOException e) {
          failure = new UserError("cannot write the recording: " + UserError.describe(e), UserError.FAILED, e);
          return;
        }
        lines++;
      }
    }
  }
}
