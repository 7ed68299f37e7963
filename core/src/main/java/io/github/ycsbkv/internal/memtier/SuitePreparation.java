package io.github.ycsbkv.internal.memtier;

import io.github.ycsbkv.engine.stop.StopSignal;
import io.github.ycsbkv.config.UserError;
import io.github.ycsbkv.internal.link.RespLink;
import io.github.ycsbkv.internal.provision.Provisioner;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;

/**
 * A store made ready for one suite of {@code ycsb suite}: emptied, its configuration parameters and its setup's
 * persistence set, the preload run, the init commands sent (on a cluster each to its key's primary) and the keyspace
 * checked.
 */
final class SuitePreparation {

  /**
   * How long a suite's {@code FLUSHALL} may take: the data set of the suite before may be tens of millions of entries
   * (Dragonfly 1.40 took more than the link's minute to empty the 50 million entries of a stream suite here).
   */
  static final int FLUSH_TIMEOUT_MILLIS = 300_000;

  private SuitePreparation() {}

  /**
   * The store made ready for the suite: emptied, its configuration parameters set, the preload run, the init commands
   * sent and the keyspace checked; a parameter or command refused is a note. On a cluster each primary is emptied,
   * set and counted, and an init command follows its key's {@code MOVED}. A suite with {@code preload_before_replica}
   * on servers started here with replicas has them detached from the primary while the preload and the init commands
   * run, then attached again and their sync awaited, so that they take the data set in one full sync; on a server
   * given by address that cannot be done, and a note says so. Returns why it failed, or null.
   */
  static String prepare(SuiteFile s, SuiteRun.Options o, SuiteServers.Where where, String binding,
      List<String> preload, Path dir, List<String> notes, Consumer<StopSignal> stopSignal) {
    Map<String, String> persistence = where.persistence();
    Provisioner.Provisioned replicated = s.preloadBeforeReplica() && where.started() != null
        && where.started().replicas() > 0 ? where.started() : null;
    if (s.preloadBeforeReplica() && where.started() == null) {
      notes.add("preload_before_replica: the replicas of a server given by address are not detached for the preload");
    }
    // No link of the suite's own is open while the preload runs: its load shape is then the server's only clients
    // (an idle link held through it made every preload's result warn of another client).
    List<String> primaries;
    try (RespLink seed = RespLink.open(o.host(), o.port(), o.user(), o.password())) {
      primaries = seed.clusterPrimaries(o.host());
      String failed = onEach(seed, primaries, o, (link, first) -> {
        RespLink.Reply flushed = link.callOrFail(List.of("FLUSHALL"), FLUSH_TIMEOUT_MILLIS);
        if (flushed.error()) {
          return "FLUSHALL was refused (" + flushed.text() + ")";
        }
        for (Map.Entry<String, String> p : s.configuration().entrySet()) {
          RespLink.Reply r = link.callOrFail(List.of("CONFIG", "SET", p.getKey(), p.getValue()));
          if (r.error() && first) {
            notes.add("configuration parameter " + p.getKey() + " not set: " + r.text());
          }
        }
        return null;
      });
      if (failed != null) {
        return failed;
      }
      String refused = persist(seed, o, s, persistence);
      if (refused != null) {
        return refused;
      }
    }
    if (replicated != null) {
      try {
        replicated.detachReplicas();
      } catch (java.io.IOException e) {
        return "its replicas could not be detached for the preload (preload_before_replica): " + UserError.describe(e);
      }
    }
    String failed = preload == null ? null : preload(o, binding, preload, dir, stopSignal);
    if (failed != null && replicated == null) {
      return failed;
    }
    try (RespLink seed = RespLink.open(o.host(), o.port(), o.user(), o.password())) {
      List<RespLink> nodes = new ArrayList<>();
      try {
        for (String address : primaries) {
          int colon = address.lastIndexOf(':');
          nodes.add(RespLink.open(address.substring(0, colon), Integer.parseInt(address.substring(colon + 1)),
              o.user(), o.password()));
        }
        if (failed == null) {
          initCommands(s, notes, seed, primaries, nodes);
        }
        if (replicated != null) {
          // Attached again whether the preload ended or failed: the next suite on these servers has its replicas.
          long started = System.nanoTime();
          try {
            replicated.attachReplicas();
          } catch (java.io.IOException e) {
            return (failed != null ? failed + "; and its" : "its") + " replicas could not take the preloaded data set"
                + " (preload_before_replica): " + UserError.describe(e);
          }
          notes.add(String.format(Locale.ROOT, "preloaded before its %d replica(s), which then synced in %.1f s",
              replicated.replicas(), (System.nanoTime() - started) / 1e9));
        }
        if (failed != null) {
          return failed;
        }
        if (s.keyspaceLength() >= 0) {
          long keys = 0;
          for (RespLink link : nodes.isEmpty() ? List.of(seed) : nodes) {
            RespLink.Reply size = link.callOrFail(List.of("DBSIZE"));
            keys = size.error() || keys < 0 ? -1 : keys + Long.parseLong(size.text().trim());
          }
          if (keys != s.keyspaceLength()) {
            notes.add(String.format(Locale.ROOT, "keyspace check: %d keys, the suite expects %d", keys,
                s.keyspaceLength()));
          }
        }
      } finally {
        nodes.forEach(RespLink::close);
      }
    }
    return null;
  }

  /** A step on one node of the server: why it failed, or null; {@code first}: the first node (its notes count). */
  private interface Step {
    String apply(RespLink link, boolean first);
  }

  /** {@code step} on the seed alone, or on a link to each of a cluster's {@code primaries}; the first failure. */
  private static String onEach(RespLink seed, List<String> primaries, SuiteRun.Options o, Step step) {
    if (primaries.isEmpty()) {
      return step.apply(seed, true);
    }
    for (int i = 0; i < primaries.size(); i++) {
      String address = primaries.get(i);
      int colon = address.lastIndexOf(':');
      try (RespLink link = RespLink.open(address.substring(0, colon), Integer.parseInt(address.substring(colon + 1)),
          o.user(), o.password())) {
        String failed = step.apply(link, i == 0);
        if (failed != null) {
          return failed;
        }
      }
    }
    return null;
  }

  /** The preload run through {@code ycsb memtier}; why it failed, or null. */
  private static String preload(SuiteRun.Options o, String binding, List<String> preload, Path dir,
      Consumer<StopSignal> stopSignal) {
    int code = SuiteClients.memtier(preload, o, binding, dir.resolve("preload"), stopSignal);
    return code == 0 ? null : "its preload ended with exit " + code + SuiteRun.firstFailure(dir.resolve("preload"))
        + " (" + dir.resolve("preload").resolve("log.txt") + ")";
  }

  /** The init commands sent, each to its key's primary on a cluster (a refused one is a note). */
  private static void initCommands(SuiteFile s, List<String> notes, RespLink seed, List<String> primaries,
      List<RespLink> nodes) {
    for (List<String> command : s.initCommands()) {
      RespLink.Reply r = routed(seed, command, primaries, nodes);
      if (r.error()) {
        notes.add("init command refused: " + SuiteRun.shorten(String.join(" ", command)) + ": " + r.text());
      }
    }
  }

  /**
   * The setup's persistence ({@code save}, {@code appendonly}, ...) set on the primary and on each replica its
   * {@code INFO replication} names, after the suite's own configuration parameters (the specification's runner puts
   * the setup's arguments after them); why it failed, or null.
   */
  private static String persist(RespLink primary, SuiteRun.Options o, SuiteFile s, Map<String, String> persistence) {
    if (persistence.isEmpty()) {
      return null;
    }
    List<String> servers = new ArrayList<>(List.of(o.host() + ":" + o.port()));
    RespLink.Reply info = primary.callOrFail(List.of("INFO", "replication"));
    java.util.regex.Matcher m = java.util.regex.Pattern.compile("slave\\d+:ip=([^,]+),port=(\\d+)")
        .matcher(info.text() == null ? "" : info.text());
    while (m.find()) {
      servers.add(m.group(1) + ":" + m.group(2));
    }
    for (String server : servers) {
      int colon = server.lastIndexOf(':');
      try (RespLink link = RespLink.open(server.substring(0, colon), Integer.parseInt(server.substring(colon + 1)),
          o.user(), o.password())) {
        for (Map.Entry<String, String> p : s.configuration().entrySet()) {
          link.callOrFail(List.of("CONFIG", "SET", p.getKey(), p.getValue()));
        }
        for (Map.Entry<String, String> p : persistence.entrySet()) {
          RespLink.Reply r = link.callOrFail(List.of("CONFIG", "SET", p.getKey(), p.getValue()));
          if (r.error()) {
            return "the setup's " + p.getKey() + " " + p.getValue() + " was refused at " + server + " (" + r.text()
                + ")";
          }
        }
      }
    }
    return null;
  }

  /** {@code command} sent to the seed, and once more to the primary a {@code MOVED} names. */
  private static RespLink.Reply routed(RespLink seed, List<String> command, List<String> primaries,
      List<RespLink> nodes) {
    RespLink.Reply r = seed.callOrFail(command);
    if (r.error() && r.text() != null && r.text().startsWith("MOVED ")) {
      String[] moved = r.text().split(" ");
      int at = moved.length == 3 ? primaries.indexOf(moved[2]) : -1;
      if (at >= 0) {
        return nodes.get(at).callOrFail(command);
      }
    }
    return r;
  }
}
